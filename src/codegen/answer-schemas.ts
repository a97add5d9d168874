// Written by `npm run schemas:answers` (scripts/gen-answer-schemas.mjs) from the types in
// src/server/http/answers.ts; do not edit by hand (a unit test fails when it is out of date).

/** Each answer's schema, by the name routes give (`answer: 'Webhook'`); refs point into ANSWER_DEFINITIONS. */
export const ANSWER_SCHEMAS: Record<string, Record<string, unknown>> = {
  "Webhook": {
    "$ref": "#/components/schemas/CmsWebhookOutput"
  },
  "WebhookList": {
    "type": "array",
    "items": {
      "$ref": "#/components/schemas/CmsWebhookOutput"
    }
  },
  "WebhookLogs": {
    "$ref": "#/components/schemas/CmsPage_DeliveryLogRecord"
  },
  "WebhookTest": {
    "$ref": "#/components/schemas/CmsTestResult"
  },
  "WebhookRedelivery": {
    "$ref": "#/components/schemas/CmsRedelivery"
  },
  "Token": {
    "$ref": "#/components/schemas/CmsTokenInfo"
  },
  "TokenList": {
    "type": "array",
    "items": {
      "$ref": "#/components/schemas/CmsTokenInfo"
    }
  },
  "CreatedToken": {
    "$ref": "#/components/schemas/CmsCreatedToken"
  },
  "PreviewToken": {
    "$ref": "#/components/schemas/CmsPreviewTokenIssued"
  },
  "PreviewLink": {
    "$ref": "#/components/schemas/CmsPreviewLink"
  },
  "PreviewConfig": {
    "$ref": "#/components/schemas/CmsPreviewConfig"
  },
  "PreviewTokenRevoked": {
    "$ref": "#/components/schemas/CmsPreviewTokenRevoked"
  },
  "PreviewTokensRevoked": {
    "$ref": "#/components/schemas/CmsPreviewTokensRevoked"
  },
  "Replica": {
    "$ref": "#/components/schemas/CmsReplicaStatus"
  },
  "Search": {
    "type": "object",
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/CmsSearchHit"
        }
      }
    },
    "required": [
      "data"
    ],
    "additionalProperties": false
  },
  "TranslationGaps": {
    "anyOf": [
      {
        "$ref": "#/components/schemas/CmsTranslationGaps"
      },
      {
        "type": "object",
        "properties": {
          "locales": {
            "type": "object",
            "additionalProperties": {
              "type": "object",
              "properties": {
                "present": {
                  "type": "number"
                },
                "total": {
                  "type": "number"
                }
              },
              "required": [
                "present",
                "total"
              ],
              "additionalProperties": false
            }
          }
        },
        "required": [
          "locales"
        ],
        "additionalProperties": false
      },
      {
        "$ref": "#/components/schemas/CmsEntryGaps"
      }
    ]
  },
  "EditorSession": {
    "$ref": "#/components/schemas/CmsEditorSession"
  }
}

/** The named types the answers use, as OpenAPI components (`#/components/schemas/Cms<Type>`). */
export const ANSWER_DEFINITIONS: Record<string, Record<string, unknown>> = {
  "CmsWebhookOutput": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "collections": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "uuid": {
              "type": "string"
            },
            "name": {
              "type": [
                "string",
                "null"
              ]
            },
            "slug": {
              "type": [
                "string",
                "null"
              ]
            }
          },
          "required": [
            "uuid",
            "name",
            "slug"
          ],
          "additionalProperties": false
        }
      },
      "uuid": {
        "type": "string"
      },
      "name": {
        "type": "string"
      },
      "description": {
        "type": [
          "string",
          "null"
        ]
      },
      "url": {
        "type": "string"
      },
      "events": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "sources": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "payload": {
        "type": "boolean"
      },
      "status": {
        "type": "boolean"
      },
      "collection_ids": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "has_secret": {
        "type": "boolean"
      },
      "created_at": {
        "type": "string"
      },
      "updated_at": {
        "type": "string"
      }
    },
    "required": [
      "collection_ids",
      "collections",
      "created_at",
      "description",
      "events",
      "has_secret",
      "name",
      "payload",
      "sources",
      "status",
      "updated_at",
      "url",
      "uuid"
    ]
  },
  "CmsPage_DeliveryLogRecord": {
    "type": "object",
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/CmsDeliveryLogRecord"
        }
      },
      "links": {
        "$ref": "#/components/schemas/CmsPageLinks"
      },
      "meta": {
        "$ref": "#/components/schemas/CmsPageMeta"
      }
    },
    "required": [
      "data",
      "links",
      "meta"
    ],
    "additionalProperties": false
  },
  "CmsDeliveryLogRecord": {
    "type": "object",
    "properties": {
      "id": {
        "type": "string"
      },
      "project_uuid": {
        "type": "string"
      },
      "webhook_id": {
        "type": "string"
      },
      "action": {
        "type": "string"
      },
      "url": {
        "type": "string"
      },
      "status": {
        "type": "string"
      },
      "request": {
        "type": "object",
        "additionalProperties": {}
      },
      "response": {
        "anyOf": [
          {
            "type": "object",
            "properties": {
              "status": {
                "type": "number"
              },
              "body": {
                "type": "string"
              },
              "body_truncated": {
                "type": "boolean"
              }
            },
            "required": [
              "status",
              "body",
              "body_truncated"
            ],
            "additionalProperties": false
          },
          {
            "type": "null"
          }
        ]
      },
      "created_at": {
        "type": "string"
      },
      "updated_at": {
        "type": "string"
      },
      "delivery_id": {
        "type": "string"
      },
      "attempt": {
        "type": "number"
      },
      "duration_ms": {
        "type": "number"
      },
      "error": {
        "type": [
          "string",
          "null"
        ]
      },
      "next_attempt_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "redelivery_of": {
        "type": "string"
      }
    },
    "required": [
      "id",
      "project_uuid",
      "webhook_id",
      "action",
      "url",
      "status",
      "request",
      "response",
      "created_at",
      "updated_at",
      "delivery_id",
      "attempt",
      "duration_ms",
      "error",
      "next_attempt_at"
    ],
    "additionalProperties": false
  },
  "CmsPageLinks": {
    "type": "object",
    "properties": {
      "first": {
        "type": "string"
      },
      "last": {
        "type": "string"
      },
      "prev": {
        "type": [
          "string",
          "null"
        ]
      },
      "next": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "required": [
      "first",
      "last",
      "prev",
      "next"
    ],
    "additionalProperties": false
  },
  "CmsPageMeta": {
    "type": "object",
    "properties": {
      "current_page": {
        "type": "number"
      },
      "from": {
        "type": [
          "number",
          "null"
        ]
      },
      "last_page": {
        "type": "number"
      },
      "path": {
        "type": "string"
      },
      "per_page": {
        "type": "number"
      },
      "to": {
        "type": [
          "number",
          "null"
        ]
      },
      "total": {
        "type": "number"
      }
    },
    "required": [
      "current_page",
      "from",
      "last_page",
      "path",
      "per_page",
      "to",
      "total"
    ],
    "additionalProperties": false
  },
  "CmsTestResult": {
    "type": "object",
    "properties": {
      "delivery_id": {
        "type": "string"
      },
      "status": {
        "type": "string"
      },
      "ok": {
        "type": "boolean"
      },
      "signed": {
        "type": "boolean"
      },
      "response": {
        "anyOf": [
          {
            "type": "object",
            "properties": {
              "status": {
                "type": "number"
              },
              "body": {
                "type": "string"
              },
              "body_truncated": {
                "type": "boolean"
              }
            },
            "required": [
              "status",
              "body",
              "body_truncated"
            ],
            "additionalProperties": false
          },
          {
            "type": "null"
          }
        ]
      },
      "duration_ms": {
        "type": "number"
      },
      "error": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "required": [
      "delivery_id",
      "status",
      "ok",
      "signed",
      "response",
      "duration_ms",
      "error"
    ],
    "additionalProperties": false
  },
  "CmsRedelivery": {
    "type": "object",
    "properties": {
      "delivery_id": {
        "type": "string"
      },
      "redelivery_of": {
        "type": "string"
      },
      "webhook_id": {
        "type": "string"
      },
      "event": {
        "type": "string"
      },
      "queued": {
        "type": "boolean",
        "const": true
      }
    },
    "required": [
      "delivery_id",
      "redelivery_of",
      "webhook_id",
      "event",
      "queued"
    ],
    "additionalProperties": false
  },
  "CmsTokenInfo": {
    "type": "object",
    "properties": {
      "name": {
        "type": "string"
      },
      "abilities": {
        "type": "array",
        "items": {
          "anyOf": [
            {
              "$ref": "#/components/schemas/CmsAbility"
            },
            {
              "type": "string",
              "const": "*"
            }
          ]
        }
      },
      "last4": {
        "type": "string"
      },
      "created_at": {
        "type": "string"
      },
      "expires_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "expired": {
        "type": "boolean"
      }
    },
    "required": [
      "name",
      "abilities",
      "last4",
      "created_at",
      "expires_at",
      "expired"
    ],
    "additionalProperties": false
  },
  "CmsAbility": {
    "type": "string",
    "enum": [
      "read",
      "create",
      "update",
      "delete",
      "admin",
      "introspect"
    ]
  },
  "CmsCreatedToken": {
    "type": "object",
    "properties": {
      "token": {
        "type": "string"
      },
      "name": {
        "type": "string"
      },
      "abilities": {
        "type": "array",
        "items": {
          "anyOf": [
            {
              "$ref": "#/components/schemas/CmsAbility"
            },
            {
              "type": "string",
              "const": "*"
            }
          ]
        }
      },
      "expires_at": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "required": [
      "token",
      "name",
      "abilities",
      "expires_at"
    ],
    "additionalProperties": false
  },
  "CmsPreviewTokenIssued": {
    "type": "object",
    "properties": {
      "token": {
        "type": "string"
      },
      "expires_at": {
        "type": "string"
      }
    },
    "required": [
      "token",
      "expires_at"
    ],
    "additionalProperties": false
  },
  "CmsPreviewLink": {
    "type": "object",
    "properties": {
      "url": {
        "type": "string"
      },
      "token": {
        "type": "string"
      },
      "expires_at": {
        "type": "string"
      }
    },
    "required": [
      "url",
      "token",
      "expires_at"
    ],
    "additionalProperties": false
  },
  "CmsPreviewConfig": {
    "type": "object",
    "properties": {
      "preview_url": {
        "type": [
          "string",
          "null"
        ]
      },
      "origin": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "required": [
      "preview_url",
      "origin"
    ],
    "additionalProperties": false
  },
  "CmsPreviewTokenRevoked": {
    "type": "object",
    "properties": {
      "revoked": {
        "type": "boolean",
        "const": true
      }
    },
    "required": [
      "revoked"
    ],
    "additionalProperties": false
  },
  "CmsPreviewTokensRevoked": {
    "type": "object",
    "properties": {
      "revoked": {
        "type": "string",
        "const": "all"
      }
    },
    "required": [
      "revoked"
    ],
    "additionalProperties": false
  },
  "CmsReplicaStatus": {
    "type": "object",
    "properties": {
      "remote": {
        "type": "string"
      },
      "branch": {
        "type": "string"
      },
      "commit": {
        "type": [
          "string",
          "null"
        ]
      },
      "synced_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "checked_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "interval_ms": {
        "type": "number"
      },
      "error": {
        "anyOf": [
          {
            "type": "object",
            "properties": {
              "code": {
                "anyOf": [
                  {
                    "$ref": "#/components/schemas/CmsSyncErrorCode"
                  },
                  {
                    "type": "string",
                    "const": "sync_failed"
                  }
                ]
              },
              "message": {
                "type": "string"
              }
            },
            "required": [
              "code",
              "message"
            ],
            "additionalProperties": false
          },
          {
            "type": "null"
          }
        ]
      }
    },
    "required": [
      "remote",
      "branch",
      "commit",
      "synced_at",
      "checked_at",
      "interval_ms",
      "error"
    ],
    "additionalProperties": false
  },
  "CmsSyncErrorCode": {
    "type": "string",
    "enum": [
      "fetch_failed",
      "diverged",
      "ahead",
      "local_changes",
      "blocked",
      "refused_paths",
      "merge_failed"
    ]
  },
  "CmsSearchHit": {
    "type": "object",
    "properties": {
      "collection": {
        "type": "string"
      },
      "uuid": {
        "type": "string"
      },
      "locale": {
        "type": "string"
      },
      "score": {
        "type": "number"
      },
      "title": {
        "type": "string"
      }
    },
    "required": [
      "collection",
      "uuid",
      "locale",
      "score",
      "title"
    ],
    "additionalProperties": false
  },
  "CmsTranslationGaps": {
    "type": "object",
    "properties": {
      "missing": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/CmsMissingTranslation"
        }
      },
      "empty": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/CmsEmptyTranslation"
        }
      },
      "locales": {
        "type": "object",
        "additionalProperties": {
          "type": "object",
          "properties": {
            "present": {
              "type": "number"
            },
            "total": {
              "type": "number"
            }
          },
          "required": [
            "present",
            "total"
          ],
          "additionalProperties": false
        }
      }
    },
    "required": [
      "missing",
      "empty",
      "locales"
    ],
    "additionalProperties": false
  },
  "CmsMissingTranslation": {
    "type": "object",
    "properties": {
      "collection": {
        "type": "string"
      },
      "locale": {
        "type": "string"
      },
      "translation_group": {
        "type": [
          "string",
          "null"
        ]
      },
      "source_uuid": {
        "type": "string"
      }
    },
    "required": [
      "collection",
      "locale",
      "translation_group",
      "source_uuid"
    ],
    "additionalProperties": false
  },
  "CmsEmptyTranslation": {
    "type": "object",
    "properties": {
      "collection": {
        "type": "string"
      },
      "locale": {
        "type": "string"
      },
      "uuid": {
        "type": "string"
      },
      "field": {
        "type": "string"
      },
      "source_uuid": {
        "type": "string"
      }
    },
    "required": [
      "collection",
      "locale",
      "uuid",
      "field",
      "source_uuid"
    ],
    "additionalProperties": false
  },
  "CmsEntryGaps": {
    "type": "object",
    "properties": {
      "entries": {
        "type": "object",
        "additionalProperties": {
          "type": "array",
          "items": {
            "type": "string"
          }
        }
      }
    },
    "required": [
      "entries"
    ],
    "additionalProperties": false
  },
  "CmsEditorSession": {
    "type": "object",
    "properties": {
      "name": {
        "type": "string"
      },
      "abilities": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/CmsAbility"
        }
      },
      "project": {
        "type": "object",
        "properties": {
          "uuid": {
            "type": "string"
          },
          "name": {
            "type": "string"
          },
          "default_locale": {
            "type": "string"
          },
          "locales": {
            "type": "array",
            "items": {
              "type": "string"
            }
          }
        },
        "required": [
          "uuid",
          "name",
          "default_locale",
          "locales"
        ],
        "additionalProperties": false
      },
      "expires_at": {
        "type": "string"
      },
      "via": {
        "type": "string",
        "enum": [
          "link",
          "token"
        ]
      }
    },
    "required": [
      "name",
      "abilities",
      "project",
      "expires_at",
      "via"
    ],
    "additionalProperties": false
  }
}
