// Written by `npm run schemas:answers` (scripts/gen-answer-schemas.mjs) from the types in
// src/server/http/answers.ts; do not edit by hand (a unit test fails when it is out of date).

/** Each answer's schema, by the name routes give (`answer: 'Webhook'`); refs point into ANSWER_DEFINITIONS. */
export const ANSWER_SCHEMAS: Record<string, Record<string, unknown>> = {
  "Schedule": {
    "type": "object",
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.ScheduledItem"
        }
      }
    },
    "required": [
      "data"
    ],
    "additionalProperties": false
  },
  "ScheduleRun": {
    "$ref": "#/components/schemas/Cms.RunResult"
  },
  "ScheduledEntry": {
    "type": "object",
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Cms.EntryOutput"
      }
    },
    "required": [
      "data"
    ],
    "additionalProperties": false
  },
  "Review": {
    "type": "object",
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Cms.ReviewStatus"
      }
    },
    "required": [
      "data"
    ],
    "additionalProperties": false
  },
  "ReleaseList": {
    "type": "object",
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.Release"
        }
      }
    },
    "required": [
      "data"
    ],
    "additionalProperties": false
  },
  "Release": {
    "$ref": "#/components/schemas/Cms.Release"
  },
  "ReleaseDetail": {
    "$ref": "#/components/schemas/Cms.ReleaseDetail"
  },
  "ReleaseDeleted": {
    "$ref": "#/components/schemas/Cms.ReleaseDeleted"
  },
  "Webhook": {
    "$ref": "#/components/schemas/Cms.WebhookOutput"
  },
  "WebhookList": {
    "type": "array",
    "items": {
      "$ref": "#/components/schemas/Cms.WebhookOutput"
    }
  },
  "WebhookLogs": {
    "$ref": "#/components/schemas/Cms.Page_DeliveryLogRecord"
  },
  "WebhookTest": {
    "$ref": "#/components/schemas/Cms.TestResult"
  },
  "WebhookRedelivery": {
    "$ref": "#/components/schemas/Cms.Redelivery"
  },
  "Token": {
    "$ref": "#/components/schemas/Cms.TokenInfo"
  },
  "TokenList": {
    "type": "array",
    "items": {
      "$ref": "#/components/schemas/Cms.TokenInfo"
    }
  },
  "CreatedToken": {
    "$ref": "#/components/schemas/Cms.CreatedToken"
  },
  "PreviewToken": {
    "$ref": "#/components/schemas/Cms.PreviewTokenIssued"
  },
  "PreviewLink": {
    "$ref": "#/components/schemas/Cms.PreviewLink"
  },
  "PreviewConfig": {
    "$ref": "#/components/schemas/Cms.PreviewConfig"
  },
  "PreviewTokenRevoked": {
    "$ref": "#/components/schemas/Cms.PreviewTokenRevoked"
  },
  "PreviewTokensRevoked": {
    "$ref": "#/components/schemas/Cms.PreviewTokensRevoked"
  },
  "Replica": {
    "$ref": "#/components/schemas/Cms.ReplicaStatus"
  },
  "Search": {
    "type": "object",
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.SearchHit"
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
        "$ref": "#/components/schemas/Cms.TranslationGaps"
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
        "$ref": "#/components/schemas/Cms.EntryGaps"
      }
    ]
  },
  "EditorSession": {
    "$ref": "#/components/schemas/Cms.EditorSession"
  }
}

/** Each request body's schema, by the name routes give (`input: 'WebhookInput'`); refs point into ANSWER_DEFINITIONS. */
export const INPUT_SCHEMAS: Record<string, Record<string, unknown>> = {
  "ScheduleRunInput": {
    "$ref": "#/components/schemas/Cms.ScheduleRunInput"
  },
  "EntryScheduleInput": {
    "$ref": "#/components/schemas/Cms.EntryScheduleInput"
  },
  "ReviewInput": {
    "$ref": "#/components/schemas/Cms.ReviewInput"
  },
  "ReleaseInput": {
    "$ref": "#/components/schemas/Cms.ReleaseInput"
  },
  "ReleasePatch": {
    "$ref": "#/components/schemas/Cms.ReleasePatch"
  },
  "ReleaseItemInput": {
    "$ref": "#/components/schemas/Cms.ReleaseItemInput"
  },
  "WebhookInput": {
    "$ref": "#/components/schemas/Cms.WebhookInput"
  }
}

/** The named types the answers and inputs use, as OpenAPI components (`#/components/schemas/Cms.<Type>`). */
export const ANSWER_DEFINITIONS: Record<string, Record<string, unknown>> = {
  "Cms.Ability": {
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
  "Cms.AppliedItem": {
    "anyOf": [
      {
        "$ref": "#/components/schemas/Cms.ScheduledItem"
      },
      {
        "type": "object",
        "properties": {
          "release": {
            "type": "string"
          },
          "name": {
            "type": "string"
          },
          "action": {
            "type": "string",
            "const": "release"
          },
          "at": {
            "type": "string"
          }
        },
        "required": [
          "release",
          "name",
          "action",
          "at"
        ],
        "additionalProperties": false
      }
    ]
  },
  "Cms.CreatedToken": {
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
              "$ref": "#/components/schemas/Cms.Ability"
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
  "Cms.DeliveryLogRecord": {
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
  "Cms.EditorSession": {
    "type": "object",
    "properties": {
      "name": {
        "type": "string"
      },
      "abilities": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.Ability"
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
  },
  "Cms.EmptyTranslation": {
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
  "Cms.EntryGaps": {
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
  "Cms.EntryOutput": {
    "type": "object",
    "properties": {
      "uuid": {
        "type": "string"
      },
      "locale": {
        "type": "string"
      },
      "published_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "fields": {
        "$ref": "#/components/schemas/Cms.FieldValues"
      },
      "created_at": {
        "type": "string"
      },
      "updated_at": {
        "type": "string"
      },
      "schedule": {
        "$ref": "#/components/schemas/Cms.EntrySchedule"
      },
      "review": {
        "type": "object",
        "properties": {
          "state": {
            "$ref": "#/components/schemas/Cms.ReviewState"
          },
          "by": {
            "type": [
              "string",
              "null"
            ]
          },
          "at": {
            "type": "string"
          }
        },
        "required": [
          "state",
          "by",
          "at"
        ],
        "additionalProperties": false
      }
    },
    "required": [
      "uuid",
      "locale",
      "published_at",
      "fields"
    ],
    "additionalProperties": false
  },
  "Cms.EntrySchedule": {
    "type": "object",
    "properties": {
      "publish_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "unpublish_at": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "required": [
      "publish_at",
      "unpublish_at"
    ],
    "additionalProperties": false
  },
  "Cms.EntryScheduleInput": {
    "type": "object",
    "properties": {
      "publish_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "unpublish_at": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "additionalProperties": false
  },
  "Cms.FieldValues": {
    "type": "object",
    "additionalProperties": {}
  },
  "Cms.MissingTranslation": {
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
  "Cms.Page_DeliveryLogRecord": {
    "type": "object",
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.DeliveryLogRecord"
        }
      },
      "links": {
        "$ref": "#/components/schemas/Cms.PageLinks"
      },
      "meta": {
        "$ref": "#/components/schemas/Cms.PageMeta"
      }
    },
    "required": [
      "data",
      "links",
      "meta"
    ],
    "additionalProperties": false
  },
  "Cms.PageLinks": {
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
  "Cms.PageMeta": {
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
  "Cms.PreviewConfig": {
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
  "Cms.PreviewLink": {
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
  "Cms.PreviewTokenIssued": {
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
  "Cms.PreviewTokenRevoked": {
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
  "Cms.PreviewTokensRevoked": {
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
  "Cms.Redelivery": {
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
  "Cms.Release": {
    "type": "object",
    "properties": {
      "id": {
        "type": "string"
      },
      "name": {
        "type": "string"
      },
      "state": {
        "type": "string",
        "enum": [
          "draft",
          "scheduled",
          "published"
        ]
      },
      "publish_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "published_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "created_at": {
        "type": "string"
      },
      "updated_at": {
        "type": "string"
      },
      "items": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.ReleaseItem"
        }
      }
    },
    "required": [
      "id",
      "name",
      "state",
      "publish_at",
      "published_at",
      "created_at",
      "updated_at",
      "items"
    ],
    "additionalProperties": false
  },
  "Cms.ReleaseChange": {
    "type": "object",
    "properties": {
      "field": {
        "type": "string"
      },
      "label": {
        "type": "string"
      },
      "before": {},
      "after": {}
    },
    "required": [
      "field",
      "label",
      "before",
      "after"
    ],
    "additionalProperties": false
  },
  "Cms.ReleaseDeleted": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      }
    },
    "required": [
      "message"
    ],
    "additionalProperties": false
  },
  "Cms.ReleaseDetail": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "items": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.ReleaseDetailItem"
        }
      },
      "id": {
        "type": "string"
      },
      "name": {
        "type": "string"
      },
      "state": {
        "type": "string",
        "enum": [
          "draft",
          "scheduled",
          "published"
        ]
      },
      "publish_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "published_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "created_at": {
        "type": "string"
      },
      "updated_at": {
        "type": "string"
      }
    },
    "required": [
      "created_at",
      "id",
      "items",
      "name",
      "publish_at",
      "published_at",
      "state",
      "updated_at"
    ]
  },
  "Cms.ReleaseDetailItem": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "missing": {
        "type": "boolean"
      },
      "title": {
        "type": [
          "string",
          "null"
        ]
      },
      "locale": {
        "type": [
          "string",
          "null"
        ]
      },
      "published": {
        "type": "boolean"
      },
      "changes": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.ReleaseChange"
        }
      },
      "collection": {
        "type": "string"
      },
      "uuid": {
        "type": "string"
      },
      "action": {
        "type": "string",
        "enum": [
          "publish",
          "unpublish"
        ]
      }
    },
    "required": [
      "action",
      "changes",
      "collection",
      "locale",
      "missing",
      "title",
      "uuid"
    ]
  },
  "Cms.ReleaseInput": {
    "type": "object",
    "properties": {
      "name": {
        "type": "string"
      },
      "publish_at": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "required": [
      "name"
    ],
    "additionalProperties": false
  },
  "Cms.ReleaseItem": {
    "type": "object",
    "properties": {
      "collection": {
        "type": "string"
      },
      "uuid": {
        "type": "string"
      },
      "action": {
        "type": "string",
        "enum": [
          "publish",
          "unpublish"
        ]
      }
    },
    "required": [
      "collection",
      "uuid",
      "action"
    ],
    "additionalProperties": false
  },
  "Cms.ReleaseItemInput": {
    "type": "object",
    "properties": {
      "collection": {
        "type": "string"
      },
      "uuid": {
        "type": "string"
      },
      "action": {
        "type": "string",
        "enum": [
          "publish",
          "unpublish"
        ]
      }
    },
    "required": [
      "collection",
      "uuid"
    ],
    "additionalProperties": false
  },
  "Cms.ReleasePatch": {
    "type": "object",
    "properties": {
      "name": {
        "type": "string"
      },
      "publish_at": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "additionalProperties": false
  },
  "Cms.ReplicaStatus": {
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
                    "$ref": "#/components/schemas/Cms.SyncErrorCode"
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
  "Cms.ReviewInput": {
    "type": "object",
    "properties": {
      "state": {
        "$ref": "#/components/schemas/Cms.ReviewState"
      },
      "note": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "required": [
      "state"
    ],
    "additionalProperties": false
  },
  "Cms.ReviewState": {
    "type": "string",
    "enum": [
      "draft",
      "in_review",
      "approved"
    ]
  },
  "Cms.ReviewStatus": {
    "type": "object",
    "properties": {
      "state": {
        "$ref": "#/components/schemas/Cms.ReviewState"
      },
      "by": {
        "type": [
          "string",
          "null"
        ]
      },
      "at": {
        "type": "string"
      },
      "note": {
        "type": [
          "string",
          "null"
        ]
      },
      "history": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.ReviewStep"
        }
      }
    },
    "required": [
      "state",
      "by",
      "at",
      "note",
      "history"
    ],
    "additionalProperties": false
  },
  "Cms.ReviewStep": {
    "type": "object",
    "properties": {
      "state": {
        "$ref": "#/components/schemas/Cms.ReviewState"
      },
      "by": {
        "type": [
          "string",
          "null"
        ]
      },
      "at": {
        "type": "string"
      },
      "note": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "required": [
      "state",
      "by",
      "at"
    ],
    "additionalProperties": false
  },
  "Cms.RunResult": {
    "type": "object",
    "properties": {
      "applied": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.AppliedItem"
        }
      },
      "skipped": {
        "type": "array",
        "items": {
          "anyOf": [
            {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "reason": {
                  "type": "string"
                },
                "collection": {
                  "type": "string"
                },
                "uuid": {
                  "type": "string"
                },
                "locale": {
                  "type": "string"
                },
                "action": {
                  "type": "string",
                  "enum": [
                    "publish",
                    "unpublish"
                  ]
                },
                "at": {
                  "type": "string"
                }
              },
              "required": [
                "action",
                "at",
                "collection",
                "locale",
                "reason",
                "uuid"
              ]
            },
            {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "reason": {
                  "type": "string"
                },
                "release": {
                  "type": "string"
                },
                "name": {
                  "type": "string"
                },
                "action": {
                  "type": "string",
                  "const": "release"
                },
                "at": {
                  "type": "string"
                }
              },
              "required": [
                "action",
                "at",
                "name",
                "reason",
                "release"
              ]
            }
          ]
        }
      }
    },
    "required": [
      "applied",
      "skipped"
    ],
    "additionalProperties": false
  },
  "Cms.ScheduleRunInput": {
    "type": "object",
    "properties": {
      "dry_run": {
        "type": "boolean"
      }
    },
    "additionalProperties": false
  },
  "Cms.ScheduledItem": {
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
      "action": {
        "type": "string",
        "enum": [
          "publish",
          "unpublish"
        ]
      },
      "at": {
        "type": "string"
      }
    },
    "required": [
      "collection",
      "uuid",
      "locale",
      "action",
      "at"
    ],
    "additionalProperties": false
  },
  "Cms.SearchHit": {
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
  "Cms.SyncErrorCode": {
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
  "Cms.TestResult": {
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
  "Cms.TokenInfo": {
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
              "$ref": "#/components/schemas/Cms.Ability"
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
  "Cms.TranslationGaps": {
    "type": "object",
    "properties": {
      "missing": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.MissingTranslation"
        }
      },
      "empty": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.EmptyTranslation"
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
  "Cms.WebhookInput": {
    "type": "object",
    "properties": {
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
      "secret": {
        "type": [
          "string",
          "null"
        ]
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
      }
    },
    "additionalProperties": false
  },
  "Cms.WebhookOutput": {
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
  }
}
