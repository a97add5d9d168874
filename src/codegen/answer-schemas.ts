// Written by `npm run schemas:answers` (scripts/gen-answer-schemas.mjs) from the types in
// src/server/http/answers.ts; do not edit by hand (a unit test fails when it is out of date).

/** Each answer's schema, by the name routes give (`answer: 'Webhook'`); refs point into ANSWER_DEFINITIONS. */
export const ANSWER_SCHEMAS: Record<string, Record<string, unknown>> = {
  "Asset": {
    "$ref": "#/components/schemas/Cms.AssetJson"
  },
  "AssetList": {
    "$ref": "#/components/schemas/Cms.Page_AssetJson"
  },
  "AssetBatch": {
    "$ref": "#/components/schemas/Cms.AssetBatch"
  },
  "AssetDeleted": {
    "$ref": "#/components/schemas/Cms.AssetDeleted"
  },
  "AssetUsage": {
    "$ref": "#/components/schemas/Cms.AssetUsage"
  },
  "Overview": {
    "$ref": "#/components/schemas/Cms.Overview"
  },
  "MailOutbox": {
    "$ref": "#/components/schemas/Cms.MailOutbox"
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
  "AssetMetadataInput": {
    "$ref": "#/components/schemas/Cms.AssetMetadataInput"
  },
  "BulkMetadataInput": {
    "$ref": "#/components/schemas/Cms.BulkMetadataInput"
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
  "Cms.AssetBatch": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      },
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.AssetJson"
        }
      }
    },
    "required": [
      "message",
      "data"
    ],
    "additionalProperties": false
  },
  "Cms.AssetDeleted": {
    "type": "object",
    "properties": {
      "success": {
        "type": "boolean",
        "const": true
      },
      "message": {
        "type": "string"
      }
    },
    "required": [
      "success",
      "message"
    ],
    "additionalProperties": false
  },
  "Cms.AssetJson": {
    "type": "object",
    "properties": {
      "uuid": {
        "type": "string"
      },
      "filename": {
        "type": "string"
      },
      "stored_filename": {
        "type": "string"
      },
      "extension": {
        "type": "string"
      },
      "mime_type": {
        "type": "string"
      },
      "size": {
        "type": "string"
      },
      "bytes": {
        "type": "number"
      },
      "sha256": {
        "type": "string"
      },
      "url": {
        "type": "string"
      },
      "original_url": {
        "type": "string"
      },
      "thumbnail_url": {
        "type": [
          "string",
          "null"
        ]
      },
      "pending_image_processing": {
        "type": "boolean"
      },
      "metadata": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "focal_x": {
            "type": [
              "number",
              "null"
            ]
          },
          "focal_y": {
            "type": [
              "number",
              "null"
            ]
          },
          "placeholder": {
            "type": [
              "string",
              "null"
            ]
          },
          "alt_text": {
            "type": [
              "string",
              "null"
            ]
          },
          "title": {
            "type": [
              "string",
              "null"
            ]
          },
          "caption": {
            "type": [
              "string",
              "null"
            ]
          },
          "description": {
            "type": [
              "string",
              "null"
            ]
          },
          "author": {
            "type": [
              "string",
              "null"
            ]
          },
          "copyright": {
            "type": [
              "string",
              "null"
            ]
          },
          "width": {
            "type": [
              "number",
              "null"
            ]
          },
          "height": {
            "type": [
              "number",
              "null"
            ]
          }
        },
        "required": [
          "alt_text",
          "author",
          "caption",
          "copyright",
          "description",
          "focal_x",
          "focal_y",
          "height",
          "placeholder",
          "title",
          "width"
        ]
      },
      "created_at": {
        "type": "string"
      },
      "updated_at": {
        "type": "string"
      },
      "deleted_at": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "required": [
      "uuid",
      "filename",
      "stored_filename",
      "extension",
      "mime_type",
      "size",
      "bytes",
      "sha256",
      "url",
      "original_url",
      "thumbnail_url",
      "pending_image_processing",
      "metadata",
      "created_at",
      "updated_at",
      "deleted_at"
    ],
    "additionalProperties": false
  },
  "Cms.AssetMetadata": {
    "type": "object",
    "properties": {
      "alt_text": {
        "type": [
          "string",
          "null"
        ]
      },
      "title": {
        "type": [
          "string",
          "null"
        ]
      },
      "caption": {
        "type": [
          "string",
          "null"
        ]
      },
      "description": {
        "type": [
          "string",
          "null"
        ]
      },
      "author": {
        "type": [
          "string",
          "null"
        ]
      },
      "copyright": {
        "type": [
          "string",
          "null"
        ]
      },
      "focal_x": {
        "type": [
          "number",
          "null"
        ]
      },
      "focal_y": {
        "type": [
          "number",
          "null"
        ]
      }
    },
    "additionalProperties": false
  },
  "Cms.AssetMetadataInput": {
    "anyOf": [
      {
        "$ref": "#/components/schemas/Cms.AssetMetadata"
      },
      {
        "type": "object",
        "properties": {
          "metadata": {
            "$ref": "#/components/schemas/Cms.AssetMetadata"
          }
        },
        "required": [
          "metadata"
        ],
        "additionalProperties": false
      }
    ]
  },
  "Cms.AssetMetadataItem": {
    "anyOf": [
      {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "uuid": {
            "type": "string"
          },
          "alt_text": {
            "type": [
              "string",
              "null"
            ]
          },
          "title": {
            "type": [
              "string",
              "null"
            ]
          },
          "caption": {
            "type": [
              "string",
              "null"
            ]
          },
          "description": {
            "type": [
              "string",
              "null"
            ]
          },
          "author": {
            "type": [
              "string",
              "null"
            ]
          },
          "copyright": {
            "type": [
              "string",
              "null"
            ]
          },
          "focal_x": {
            "type": [
              "number",
              "null"
            ]
          },
          "focal_y": {
            "type": [
              "number",
              "null"
            ]
          }
        },
        "required": [
          "uuid"
        ]
      },
      {
        "type": "object",
        "properties": {
          "uuid": {
            "type": "string"
          },
          "metadata": {
            "$ref": "#/components/schemas/Cms.AssetMetadata"
          }
        },
        "required": [
          "uuid",
          "metadata"
        ],
        "additionalProperties": false
      }
    ]
  },
  "Cms.AssetUsage": {
    "type": "object",
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.AssetUser"
        }
      }
    },
    "required": [
      "data"
    ],
    "additionalProperties": false
  },
  "Cms.AssetUser": {
    "type": "object",
    "properties": {
      "collection": {
        "type": "string"
      },
      "uuid": {
        "type": "string"
      },
      "title": {
        "type": [
          "string",
          "null"
        ]
      },
      "field": {
        "type": "string"
      }
    },
    "required": [
      "collection",
      "uuid",
      "title",
      "field"
    ],
    "additionalProperties": false
  },
  "Cms.BulkMetadataInput": {
    "type": "object",
    "properties": {
      "items": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.AssetMetadataItem"
        }
      }
    },
    "required": [
      "items"
    ],
    "additionalProperties": false
  },
  "Cms.ChangeSource": {
    "type": "string",
    "enum": [
      "api",
      "cli",
      "watcher",
      "schedule"
    ]
  },
  "Cms.CollectionCounts": {
    "type": "object",
    "properties": {
      "total": {
        "type": "number"
      },
      "draft": {
        "type": "number"
      },
      "published": {
        "type": "number"
      },
      "changed": {
        "type": "number"
      },
      "trashed": {
        "type": "number"
      },
      "by_locale": {
        "type": "object",
        "additionalProperties": {
          "type": "number"
        }
      }
    },
    "required": [
      "total",
      "draft",
      "published",
      "changed",
      "trashed",
      "by_locale"
    ],
    "additionalProperties": false
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
  "Cms.EntryChangeType": {
    "type": "string",
    "enum": [
      "created",
      "updated",
      "published",
      "unpublished",
      "trashed",
      "restored",
      "deleted"
    ]
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
  "Cms.MailMessage": {
    "type": "object",
    "properties": {
      "id": {
        "type": "number"
      },
      "kind": {
        "type": "string",
        "enum": [
          "verification",
          "password-changed"
        ]
      },
      "to": {
        "type": "string"
      },
      "subject": {
        "type": "string"
      },
      "text": {
        "type": "string"
      },
      "link": {
        "type": [
          "string",
          "null"
        ]
      },
      "created_at": {
        "type": "string"
      }
    },
    "required": [
      "id",
      "kind",
      "to",
      "subject",
      "text",
      "link",
      "created_at"
    ],
    "additionalProperties": false
  },
  "Cms.MailOutbox": {
    "type": "object",
    "properties": {
      "enabled": {
        "type": "boolean"
      },
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.MailMessage"
        }
      }
    },
    "required": [
      "enabled",
      "data"
    ],
    "additionalProperties": false
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
  "Cms.Overview": {
    "type": "object",
    "properties": {
      "collections": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.OverviewCollection"
        }
      },
      "recent": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.RecentChange"
        }
      },
      "problems": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.OverviewProblem"
        }
      }
    },
    "required": [
      "collections",
      "recent",
      "problems"
    ],
    "additionalProperties": false
  },
  "Cms.OverviewCollection": {
    "type": "object",
    "properties": {
      "slug": {
        "type": "string"
      },
      "name": {
        "type": "string"
      },
      "singleton": {
        "type": "boolean",
        "const": true
      },
      "counts": {
        "$ref": "#/components/schemas/Cms.CollectionCounts"
      }
    },
    "required": [
      "slug",
      "name",
      "counts"
    ],
    "additionalProperties": false
  },
  "Cms.OverviewProblem": {
    "type": "object",
    "properties": {
      "file": {
        "type": "string"
      },
      "line": {
        "type": [
          "number",
          "null"
        ]
      },
      "code": {
        "type": "string"
      },
      "message": {
        "type": "string"
      }
    },
    "required": [
      "file",
      "line",
      "code",
      "message"
    ],
    "additionalProperties": false
  },
  "Cms.Page_AssetJson": {
    "type": "object",
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.AssetJson"
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
  "Cms.RecentChange": {
    "type": "object",
    "properties": {
      "collection": {
        "type": "string"
      },
      "uuid": {
        "type": "string"
      },
      "title": {
        "type": [
          "string",
          "null"
        ]
      },
      "type": {
        "$ref": "#/components/schemas/Cms.EntryChangeType"
      },
      "source": {
        "$ref": "#/components/schemas/Cms.ChangeSource"
      },
      "at": {
        "type": "string"
      }
    },
    "required": [
      "collection",
      "uuid",
      "title",
      "type",
      "source",
      "at"
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
