// Written by `npm run schemas:answers` (scripts/gen-answer-schemas.mjs) from the types in
// src/server/http/answers.ts; do not edit by hand (a unit test fails when it is out of date).

/** Each answer's schema, by the name routes give (`answer: 'Webhook'`); refs point into ANSWER_DEFINITIONS. */
export const ANSWER_SCHEMAS: Record<string, Record<string, unknown>> = {
  "ProjectInfo": {
    "$ref": "#/components/schemas/Cms.ProjectInfo"
  },
  "ProjectSummary": {
    "$ref": "#/components/schemas/Cms.ProjectSummary"
  },
  "ProjectSettingsChange": {
    "$ref": "#/components/schemas/Cms.ProjectSettingsChange"
  },
  "CollectionList": {
    "type": "array",
    "items": {
      "$ref": "#/components/schemas/Cms.CollectionSummary"
    }
  },
  "Collection": {
    "$ref": "#/components/schemas/Cms.CollectionWithFields"
  },
  "SchemaField": {
    "$ref": "#/components/schemas/Cms.FieldWithParent"
  },
  "SchemaReordered": {
    "$ref": "#/components/schemas/Cms.SchemaMessage"
  },
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
    "$ref": "#/components/schemas/Cms.EntryData"
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
  "GitStatus": {
    "$ref": "#/components/schemas/Cms.ChangesStatus"
  },
  "GitCommit": {
    "$ref": "#/components/schemas/Cms.GitCommitResult"
  },
  "GitDiscard": {
    "$ref": "#/components/schemas/Cms.GitDiscardResult"
  },
  "GitBranch": {
    "$ref": "#/components/schemas/Cms.GitBranchState"
  },
  "GitBranches": {
    "$ref": "#/components/schemas/Cms.GitBranchList"
  },
  "GitBranchCreated": {
    "$ref": "#/components/schemas/Cms.GitBranchCreated"
  },
  "GitSwitch": {
    "$ref": "#/components/schemas/Cms.GitSwitchResult"
  },
  "GitCompare": {
    "$ref": "#/components/schemas/Cms.GitComparison"
  },
  "EntryList": {
    "anyOf": [
      {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.EntryJson"
        }
      },
      {
        "$ref": "#/components/schemas/Cms.Page_EntryJson"
      },
      {
        "type": "object",
        "properties": {
          "count": {
            "type": "number"
          }
        },
        "required": [
          "count"
        ],
        "additionalProperties": false
      },
      {
        "$ref": "#/components/schemas/Cms.EntryJson"
      },
      {
        "type": "object",
        "properties": {
          "data": {
            "$ref": "#/components/schemas/Cms.EntryJson"
          }
        },
        "required": [
          "data"
        ],
        "additionalProperties": false
      }
    ]
  },
  "Entry": {
    "$ref": "#/components/schemas/Cms.EntryData"
  },
  "EntryPublished": {
    "$ref": "#/components/schemas/Cms.EntryPublished"
  },
  "EntryDiscarded": {
    "$ref": "#/components/schemas/Cms.EntryDiscarded"
  },
  "EntryRestored": {
    "$ref": "#/components/schemas/Cms.EntryRestored"
  },
  "Done": {
    "$ref": "#/components/schemas/Cms.Done"
  },
  "BulkWritten": {
    "$ref": "#/components/schemas/Cms.BulkWritten"
  },
  "BulkDeleted": {
    "$ref": "#/components/schemas/Cms.BulkDeleted"
  },
  "TranslationLinked": {
    "$ref": "#/components/schemas/Cms.TranslationLinked"
  },
  "EntryVersions": {
    "type": "array",
    "items": {
      "$ref": "#/components/schemas/Cms.VersionOutput"
    }
  },
  "EntryVersion": {
    "$ref": "#/components/schemas/Cms.VersionDetail"
  },
  "EntryVersionLabelled": {
    "$ref": "#/components/schemas/Cms.VersionOutput"
  },
  "EntryVersionReverted": {
    "$ref": "#/components/schemas/Cms.VersionReverted"
  },
  "EndUserTokens": {
    "$ref": "#/components/schemas/Cms.EndUserTokens"
  },
  "EndUserSignup": {
    "anyOf": [
      {
        "$ref": "#/components/schemas/Cms.EndUserTokens"
      },
      {
        "$ref": "#/components/schemas/Cms.VerificationPending"
      }
    ]
  },
  "AuthMessage": {
    "$ref": "#/components/schemas/Cms.AuthMessage"
  },
  "EndUserLoggedOutAll": {
    "$ref": "#/components/schemas/Cms.LoggedOutAll"
  },
  "EndUserMe": {
    "$ref": "#/components/schemas/Cms.EndUserMe"
  },
  "EmailVerified": {
    "$ref": "#/components/schemas/Cms.EmailVerified"
  },
  "EndUserApiKeyList": {
    "$ref": "#/components/schemas/Cms.EndUserApiKeyList"
  },
  "CreatedEndUserApiKey": {
    "$ref": "#/components/schemas/Cms.CreatedEndUserApiKey"
  },
  "ApiKeyIntrospection": {
    "$ref": "#/components/schemas/Cms.ApiKeyIntrospection"
  },
  "EndUserSummary": {
    "$ref": "#/components/schemas/Cms.EndUserSummary"
  },
  "EndUserList": {
    "type": "array",
    "items": {
      "$ref": "#/components/schemas/Cms.EndUserSummary"
    }
  },
  "EndUserDetail": {
    "$ref": "#/components/schemas/Cms.EndUserDetail"
  },
  "EndUserSigningKey": {
    "$ref": "#/components/schemas/Cms.SigningKeyInfo"
  },
  "EditorSignInLink": {
    "$ref": "#/components/schemas/Cms.EditorSignInLink"
  },
  "EditorSessionsRevoked": {
    "$ref": "#/components/schemas/Cms.EditorSessionsRevoked"
  },
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
  },
  "OpenApiDocument": {
    "$ref": "#/components/schemas/Cms.OpenApiDocument"
  }
}

/** Each request body's schema, by the name routes give (`input: 'WebhookInput'`); refs point into ANSWER_DEFINITIONS. */
export const INPUT_SCHEMAS: Record<string, Record<string, unknown>> = {
  "ProjectSettingsPatch": {
    "$ref": "#/components/schemas/Cms.ProjectSettingsPatch"
  },
  "CollectionInput": {
    "$ref": "#/components/schemas/Cms.CollectionInput"
  },
  "CollectionUpdateInput": {
    "$ref": "#/components/schemas/Cms.CollectionUpdateInput"
  },
  "CollectionDeleteInput": {
    "$ref": "#/components/schemas/Cms.CollectionDeleteInput"
  },
  "CollectionsReorderInput": {
    "$ref": "#/components/schemas/Cms.CollectionsReorderInput"
  },
  "FieldAddInput": {
    "$ref": "#/components/schemas/Cms.FieldAddInput"
  },
  "FieldUpdateInput": {
    "$ref": "#/components/schemas/Cms.FieldUpdateInput"
  },
  "FieldsReorderInput": {
    "$ref": "#/components/schemas/Cms.FieldsReorderInput"
  },
  "LocaleInput": {
    "$ref": "#/components/schemas/Cms.LocaleInput"
  },
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
  "GitCommitInput": {
    "$ref": "#/components/schemas/Cms.GitCommitInput"
  },
  "GitDiscardInput": {
    "$ref": "#/components/schemas/Cms.GitSelection"
  },
  "GitBranchInput": {
    "$ref": "#/components/schemas/Cms.GitBranchInput"
  },
  "GitSwitchInput": {
    "$ref": "#/components/schemas/Cms.GitSwitchInput"
  },
  "EntryWriteInput": {
    "$ref": "#/components/schemas/Cms.EntryWriteInput"
  },
  "ForceInput": {
    "$ref": "#/components/schemas/Cms.ForceInput"
  },
  "BulkCreateInput": {
    "$ref": "#/components/schemas/Cms.BulkCreateInput"
  },
  "BulkUpdateInput": {
    "$ref": "#/components/schemas/Cms.BulkUpdateInput"
  },
  "BulkDeleteInput": {
    "$ref": "#/components/schemas/Cms.BulkDeleteInput"
  },
  "LinkTranslationInput": {
    "$ref": "#/components/schemas/Cms.LinkTranslationInput"
  },
  "VersionLabelInput": {
    "$ref": "#/components/schemas/Cms.VersionLabelInput"
  },
  "EndUserSignupInput": {
    "$ref": "#/components/schemas/Cms.EndUserSignupInput"
  },
  "EndUserLoginInput": {
    "$ref": "#/components/schemas/Cms.EndUserLoginInput"
  },
  "EndUserRefreshInput": {
    "$ref": "#/components/schemas/Cms.EndUserRefreshInput"
  },
  "EndUserChangePasswordInput": {
    "$ref": "#/components/schemas/Cms.EndUserChangePasswordInput"
  },
  "VerificationResendInput": {
    "$ref": "#/components/schemas/Cms.VerificationResendInput"
  },
  "VerificationConfirmInput": {
    "$ref": "#/components/schemas/Cms.VerificationConfirmInput"
  },
  "EndUserApiKeyInput": {
    "$ref": "#/components/schemas/Cms.EndUserApiKeyInput"
  },
  "ApiKeyIntrospectInput": {
    "$ref": "#/components/schemas/Cms.ApiKeyIntrospectInput"
  },
  "EndUserCreateInput": {
    "$ref": "#/components/schemas/Cms.EndUserCreateInput"
  },
  "EditorSignInInput": {
    "$ref": "#/components/schemas/Cms.EditorSignInInput"
  },
  "AssetMetadataInput": {
    "$ref": "#/components/schemas/Cms.AssetMetadataInput"
  },
  "BulkMetadataInput": {
    "$ref": "#/components/schemas/Cms.BulkMetadataInput"
  },
  "WebhookInput": {
    "$ref": "#/components/schemas/Cms.WebhookInput"
  },
  "TokenInput": {
    "$ref": "#/components/schemas/Cms.TokenInput"
  },
  "PreviewTokenInput": {
    "$ref": "#/components/schemas/Cms.PreviewTokenInput"
  },
  "PreviewLinkInput": {
    "$ref": "#/components/schemas/Cms.PreviewLinkInput"
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
  "Cms.ApiKeyIntrospectInput": {
    "type": "object",
    "properties": {
      "api_key": {
        "type": "string"
      }
    },
    "required": [
      "api_key"
    ],
    "additionalProperties": false
  },
  "Cms.ApiKeyIntrospection": {
    "type": "object",
    "properties": {
      "active": {
        "type": "boolean"
      },
      "project_uuid": {
        "type": [
          "string",
          "null"
        ]
      },
      "user_uuid": {
        "type": [
          "string",
          "null"
        ]
      },
      "scopes": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "expires_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "key_id": {
        "type": [
          "number",
          "null"
        ]
      },
      "key_prefix": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "required": [
      "active",
      "project_uuid",
      "user_uuid",
      "scopes",
      "expires_at",
      "key_id",
      "key_prefix"
    ],
    "additionalProperties": false
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
  "Cms.AuthMessage": {
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
  "Cms.BranchInfo": {
    "type": "object",
    "properties": {
      "name": {
        "type": "string"
      },
      "commit": {
        "type": "string"
      },
      "current": {
        "type": "boolean"
      }
    },
    "required": [
      "name",
      "commit",
      "current"
    ],
    "additionalProperties": false
  },
  "Cms.BulkCreateInput": {
    "type": "object",
    "properties": {
      "items": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.EntryWriteInput"
        }
      }
    },
    "required": [
      "items"
    ],
    "additionalProperties": false
  },
  "Cms.BulkDeleteInput": {
    "type": "object",
    "properties": {
      "uuids": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "force": {
        "anyOf": [
          {
            "type": "boolean"
          },
          {
            "type": "number",
            "const": 0
          },
          {
            "type": "number",
            "const": 1
          },
          {
            "type": "string",
            "const": "0"
          },
          {
            "type": "string",
            "const": "1"
          },
          {
            "type": "string",
            "const": "true"
          },
          {
            "type": "string",
            "const": "false"
          }
        ]
      }
    },
    "required": [
      "uuids"
    ],
    "additionalProperties": false
  },
  "Cms.BulkDeleted": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      },
      "count": {
        "type": "number"
      },
      "force": {
        "type": "boolean"
      }
    },
    "required": [
      "message",
      "count",
      "force"
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
  "Cms.BulkUpdateInput": {
    "type": "object",
    "properties": {
      "items": {
        "type": "array",
        "items": {
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "uuid": {
              "type": "string"
            },
            "data": {
              "$ref": "#/components/schemas/Cms.FieldValues"
            },
            "state": {
              "type": "string",
              "enum": [
                "draft",
                "published"
              ]
            },
            "status": {
              "type": "string",
              "enum": [
                "draft",
                "published"
              ]
            },
            "locale": {
              "type": "string"
            }
          },
          "required": [
            "data",
            "uuid"
          ]
        }
      }
    },
    "required": [
      "items"
    ],
    "additionalProperties": false
  },
  "Cms.BulkWritten": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      },
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.EntryJson"
        }
      }
    },
    "required": [
      "message",
      "data"
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
  "Cms.ChangedFile": {
    "type": "object",
    "properties": {
      "path": {
        "type": "string"
      },
      "status": {
        "type": "string",
        "enum": [
          "added",
          "modified",
          "deleted"
        ]
      },
      "entry": {
        "type": "string"
      },
      "collection": {
        "type": "string"
      }
    },
    "required": [
      "path",
      "status"
    ],
    "additionalProperties": false
  },
  "Cms.ChangesStatus": {
    "type": "object",
    "properties": {
      "branch": {
        "type": [
          "string",
          "null"
        ]
      },
      "head": {
        "type": [
          "string",
          "null"
        ]
      },
      "blocked": {
        "type": [
          "string",
          "null"
        ]
      },
      "files": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.ChangedFile"
        }
      },
      "report": {
        "$ref": "#/components/schemas/Cms.DiffReport"
      },
      "text": {
        "type": "string"
      },
      "markdown": {
        "type": "string"
      },
      "auto_commit": {
        "type": "boolean"
      },
      "pending": {
        "type": "number"
      },
      "last_refusal": {
        "anyOf": [
          {
            "$ref": "#/components/schemas/Cms.Refusal"
          },
          {
            "type": "null"
          }
        ]
      },
      "last_warning": {
        "anyOf": [
          {
            "$ref": "#/components/schemas/Cms.CommitWarning"
          },
          {
            "type": "null"
          }
        ]
      },
      "last_commit": {
        "anyOf": [
          {
            "$ref": "#/components/schemas/Cms.LastCommit"
          },
          {
            "type": "null"
          }
        ]
      }
    },
    "required": [
      "auto_commit",
      "blocked",
      "branch",
      "files",
      "head",
      "last_commit",
      "last_refusal",
      "last_warning",
      "markdown",
      "pending",
      "report",
      "text"
    ],
    "additionalProperties": false
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
  "Cms.CollectionDeleteInput": {
    "type": "object",
    "properties": {
      "slug": {
        "type": "string"
      }
    },
    "required": [
      "slug"
    ],
    "additionalProperties": false
  },
  "Cms.CollectionDiff": {
    "type": "object",
    "properties": {
      "slug": {
        "type": "string"
      },
      "name": {
        "type": "string"
      },
      "status": {
        "type": "string",
        "enum": [
          "added",
          "removed",
          "changed"
        ]
      },
      "renamed_from": {
        "type": "string"
      },
      "schema": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.SchemaChange"
        }
      },
      "entries": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.EntryDiff"
        }
      }
    },
    "required": [
      "slug",
      "name",
      "status",
      "schema",
      "entries"
    ],
    "additionalProperties": false
  },
  "Cms.CollectionInput": {
    "type": "object",
    "properties": {
      "name": {
        "type": "string"
      },
      "slug": {
        "type": "string"
      },
      "is_singleton": {
        "type": "boolean"
      },
      "singular_name": {
        "type": [
          "string",
          "null"
        ]
      },
      "workflow": {
        "type": [
          "string",
          "null"
        ],
        "enum": [
          "review",
          null
        ]
      },
      "fields": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.FieldInput"
        }
      }
    },
    "required": [
      "name",
      "slug"
    ],
    "additionalProperties": false
  },
  "Cms.CollectionSummary": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "uuid": {
        "type": "string"
      },
      "name": {
        "type": "string"
      },
      "slug": {
        "type": "string"
      },
      "singular_name": {
        "type": "string"
      },
      "is_singleton": {
        "type": "boolean"
      },
      "created_at": {
        "type": "string"
      },
      "updated_at": {
        "type": "string"
      },
      "workflow": {
        "type": "string",
        "const": "review"
      }
    },
    "required": [
      "created_at",
      "is_singleton",
      "name",
      "slug",
      "updated_at",
      "uuid"
    ]
  },
  "Cms.CollectionUpdateInput": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "force": {
        "type": "boolean"
      },
      "name": {
        "type": "string"
      },
      "slug": {
        "type": "string"
      },
      "is_singleton": {
        "type": "boolean"
      },
      "singular_name": {
        "type": [
          "string",
          "null"
        ]
      },
      "workflow": {
        "type": [
          "string",
          "null"
        ],
        "enum": [
          "review",
          null
        ]
      },
      "fields": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.FieldInput"
        }
      }
    }
  },
  "Cms.CollectionWithFields": {
    "type": "object",
    "properties": {
      "uuid": {
        "type": "string"
      },
      "name": {
        "type": "string"
      },
      "slug": {
        "type": "string"
      },
      "singular_name": {
        "type": "string"
      },
      "is_singleton": {
        "type": "boolean"
      },
      "created_at": {
        "type": "string"
      },
      "updated_at": {
        "type": "string"
      },
      "workflow": {
        "type": "string",
        "const": "review"
      },
      "fields": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.FieldView"
        }
      }
    },
    "required": [
      "created_at",
      "fields",
      "is_singleton",
      "name",
      "slug",
      "updated_at",
      "uuid"
    ],
    "additionalProperties": false
  },
  "Cms.CollectionsReorderInput": {
    "type": "object",
    "properties": {
      "collections": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.OrderInput"
        }
      }
    },
    "required": [
      "collections"
    ],
    "additionalProperties": false
  },
  "Cms.CommitWarning": {
    "type": "object",
    "properties": {
      "warning": {
        "type": "string"
      },
      "at": {
        "type": "string"
      }
    },
    "required": [
      "warning",
      "at"
    ],
    "additionalProperties": false
  },
  "Cms.CreatedEndUserApiKey": {
    "type": "object",
    "properties": {
      "id": {
        "type": "number"
      },
      "name": {
        "type": "string"
      },
      "key_prefix": {
        "type": "string"
      },
      "scopes": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "expires_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "created_at": {
        "type": "string"
      },
      "plain_text_key": {
        "type": "string"
      }
    },
    "required": [
      "id",
      "name",
      "key_prefix",
      "scopes",
      "expires_at",
      "created_at",
      "plain_text_key"
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
  "Cms.DiffReport": {
    "type": "object",
    "properties": {
      "base": {
        "type": "object",
        "properties": {
          "rev": {
            "type": "string"
          },
          "commit": {
            "type": "string"
          }
        },
        "required": [
          "rev",
          "commit"
        ],
        "additionalProperties": false
      },
      "head": {
        "type": "object",
        "properties": {
          "rev": {
            "type": "string"
          },
          "commit": {
            "type": "string"
          }
        },
        "required": [
          "rev",
          "commit"
        ],
        "additionalProperties": false
      },
      "project": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.FieldChange"
        }
      },
      "collections": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.CollectionDiff"
        }
      },
      "webhooks": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "uuid": {
              "type": "string"
            },
            "name": {
              "type": "string"
            },
            "status": {
              "type": "string",
              "enum": [
                "added",
                "removed",
                "changed"
              ]
            },
            "changes": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/Cms.FieldChange"
              }
            }
          },
          "required": [
            "uuid",
            "name",
            "status",
            "changes"
          ],
          "additionalProperties": false
        }
      },
      "summary": {
        "type": "object",
        "properties": {
          "added": {
            "type": "number"
          },
          "removed": {
            "type": "number"
          },
          "changed": {
            "type": "number"
          },
          "goes_live": {
            "type": "number"
          },
          "goes_offline": {
            "type": "number"
          },
          "live_updates": {
            "type": "number"
          },
          "draft_only": {
            "type": "number"
          },
          "schema_changes": {
            "type": "number"
          },
          "webhook_changes": {
            "type": "number"
          }
        },
        "required": [
          "added",
          "removed",
          "changed",
          "goes_live",
          "goes_offline",
          "live_updates",
          "draft_only",
          "schema_changes",
          "webhook_changes"
        ],
        "additionalProperties": false
      }
    },
    "required": [
      "base",
      "head",
      "project",
      "collections",
      "webhooks",
      "summary"
    ],
    "additionalProperties": false
  },
  "Cms.Done": {
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
  "Cms.EditorSessionsRevoked": {
    "type": "object",
    "properties": {
      "revoked": {
        "type": "number"
      }
    },
    "required": [
      "revoked"
    ],
    "additionalProperties": false
  },
  "Cms.EditorSignInInput": {
    "type": "object",
    "properties": {
      "token": {
        "type": "string"
      }
    },
    "required": [
      "token"
    ],
    "additionalProperties": false
  },
  "Cms.EditorSignInLink": {
    "type": "object",
    "properties": {
      "url": {
        "type": "string"
      },
      "expires_at": {
        "type": "string"
      }
    },
    "required": [
      "url",
      "expires_at"
    ],
    "additionalProperties": false
  },
  "Cms.EmailVerified": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      },
      "user": {
        "$ref": "#/components/schemas/Cms.PublicUser"
      }
    },
    "required": [
      "message",
      "user"
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
  "Cms.EndUserApiKey": {
    "type": "object",
    "properties": {
      "id": {
        "type": "number"
      },
      "name": {
        "type": "string"
      },
      "key_prefix": {
        "type": "string"
      },
      "scopes": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "expires_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "last_used_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "revoked_at": {
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
      "name",
      "key_prefix",
      "scopes",
      "expires_at",
      "last_used_at",
      "revoked_at",
      "created_at"
    ],
    "additionalProperties": false
  },
  "Cms.EndUserApiKeyInput": {
    "type": "object",
    "properties": {
      "name": {
        "type": "string"
      },
      "scopes": {
        "anyOf": [
          {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          {
            "type": "null"
          }
        ]
      },
      "expires_at": {
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
  "Cms.EndUserApiKeyList": {
    "type": "object",
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.EndUserApiKey"
        }
      }
    },
    "required": [
      "data"
    ],
    "additionalProperties": false
  },
  "Cms.EndUserChangePasswordInput": {
    "type": "object",
    "properties": {
      "current_password": {
        "type": "string"
      },
      "new_password": {
        "type": "string"
      }
    },
    "required": [
      "current_password",
      "new_password"
    ],
    "additionalProperties": false
  },
  "Cms.EndUserCreateInput": {
    "type": "object",
    "properties": {
      "email": {
        "type": "string"
      },
      "password": {
        "type": "string"
      },
      "display_name": {
        "type": "string"
      },
      "verified": {
        "type": "boolean"
      }
    },
    "required": [
      "email",
      "password"
    ],
    "additionalProperties": false
  },
  "Cms.EndUserDetail": {
    "type": "object",
    "properties": {
      "id": {
        "type": "number"
      },
      "uuid": {
        "type": "string"
      },
      "email": {
        "type": "string"
      },
      "display_name": {
        "type": [
          "string",
          "null"
        ]
      },
      "email_verified_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "metadata": {
        "type": "object",
        "additionalProperties": {}
      },
      "status": {
        "type": "string",
        "enum": [
          "active",
          "suspended"
        ]
      },
      "suspended_at": {
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
      "sessions": {
        "type": "number"
      },
      "api_keys": {
        "type": "number"
      },
      "keys": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.EndUserApiKey"
        }
      }
    },
    "required": [
      "api_keys",
      "created_at",
      "display_name",
      "email",
      "email_verified_at",
      "id",
      "keys",
      "metadata",
      "sessions",
      "status",
      "suspended_at",
      "updated_at",
      "uuid"
    ],
    "additionalProperties": false
  },
  "Cms.EndUserLoginInput": {
    "type": "object",
    "properties": {
      "email": {
        "type": "string"
      },
      "password": {
        "type": "string"
      }
    },
    "required": [
      "email",
      "password"
    ],
    "additionalProperties": false
  },
  "Cms.EndUserMe": {
    "type": "object",
    "properties": {
      "user": {
        "$ref": "#/components/schemas/Cms.PublicUser"
      }
    },
    "required": [
      "user"
    ],
    "additionalProperties": false
  },
  "Cms.EndUserRefreshInput": {
    "type": "object",
    "properties": {
      "refresh_token": {
        "type": "string"
      }
    },
    "required": [
      "refresh_token"
    ],
    "additionalProperties": false
  },
  "Cms.EndUserSignupInput": {
    "type": "object",
    "properties": {
      "email": {
        "type": "string"
      },
      "password": {
        "type": "string"
      },
      "display_name": {
        "type": [
          "string",
          "null"
        ]
      },
      "metadata": {
        "anyOf": [
          {
            "type": "object",
            "additionalProperties": {}
          },
          {
            "type": "null"
          }
        ]
      }
    },
    "required": [
      "email",
      "password"
    ],
    "additionalProperties": false
  },
  "Cms.EndUserSummary": {
    "type": "object",
    "properties": {
      "id": {
        "type": "number"
      },
      "uuid": {
        "type": "string"
      },
      "email": {
        "type": "string"
      },
      "display_name": {
        "type": [
          "string",
          "null"
        ]
      },
      "email_verified_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "metadata": {
        "type": "object",
        "additionalProperties": {}
      },
      "status": {
        "type": "string",
        "enum": [
          "active",
          "suspended"
        ]
      },
      "suspended_at": {
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
      "sessions": {
        "type": "number"
      },
      "api_keys": {
        "type": "number"
      }
    },
    "required": [
      "api_keys",
      "created_at",
      "display_name",
      "email",
      "email_verified_at",
      "id",
      "metadata",
      "sessions",
      "status",
      "suspended_at",
      "updated_at",
      "uuid"
    ],
    "additionalProperties": false
  },
  "Cms.EndUserTokens": {
    "type": "object",
    "properties": {
      "access_token": {
        "type": "string"
      },
      "token_type": {
        "type": "string",
        "const": "Bearer"
      },
      "expires_at": {
        "type": "string"
      },
      "refresh_token": {
        "type": "string"
      },
      "refresh_token_expires_at": {
        "type": "string"
      },
      "user": {
        "$ref": "#/components/schemas/Cms.PublicUser"
      }
    },
    "required": [
      "access_token",
      "token_type",
      "expires_at",
      "refresh_token",
      "refresh_token_expires_at",
      "user"
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
  "Cms.EntryData": {
    "type": "object",
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Cms.EntryJson"
      }
    },
    "required": [
      "data"
    ],
    "additionalProperties": false
  },
  "Cms.EntryDiff": {
    "type": "object",
    "properties": {
      "uuid": {
        "type": "string"
      },
      "title": {
        "type": "string"
      },
      "locale": {
        "type": "string"
      },
      "status": {
        "type": "string",
        "enum": [
          "added",
          "removed",
          "changed"
        ]
      },
      "live": {
        "$ref": "#/components/schemas/Cms.Live"
      },
      "events": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "draft": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.FieldChange"
        }
      },
      "published": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.FieldChange"
        }
      }
    },
    "required": [
      "uuid",
      "title",
      "locale",
      "status",
      "live",
      "events",
      "draft",
      "published"
    ],
    "additionalProperties": false
  },
  "Cms.EntryDiscarded": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      },
      "entry": {
        "$ref": "#/components/schemas/Cms.EntryJson"
      }
    },
    "required": [
      "message",
      "entry"
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
  "Cms.EntryJson": {
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
  "Cms.EntryPublished": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      },
      "version_number": {
        "type": "number"
      },
      "entry": {
        "$ref": "#/components/schemas/Cms.EntryJson"
      }
    },
    "required": [
      "message",
      "version_number",
      "entry"
    ],
    "additionalProperties": false
  },
  "Cms.EntryRestored": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      },
      "data": {
        "$ref": "#/components/schemas/Cms.EntryJson"
      }
    },
    "required": [
      "message",
      "data"
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
  "Cms.EntryWriteInput": {
    "type": "object",
    "properties": {
      "data": {
        "$ref": "#/components/schemas/Cms.FieldValues"
      },
      "state": {
        "type": "string",
        "enum": [
          "draft",
          "published"
        ]
      },
      "status": {
        "type": "string",
        "enum": [
          "draft",
          "published"
        ]
      },
      "locale": {
        "type": "string"
      }
    },
    "required": [
      "data"
    ],
    "additionalProperties": false
  },
  "Cms.FieldAddInput": {
    "type": "object",
    "properties": {
      "force": {
        "type": "boolean"
      },
      "type": {
        "$ref": "#/components/schemas/Cms.FieldType"
      },
      "name": {
        "type": "string"
      },
      "label": {
        "type": "string"
      },
      "description": {
        "type": [
          "string",
          "null"
        ]
      },
      "placeholder": {
        "type": [
          "string",
          "null"
        ]
      },
      "options": {
        "anyOf": [
          {
            "$ref": "#/components/schemas/Cms.FieldOptions"
          },
          {
            "type": "array",
            "minItems": 0,
            "maxItems": 0
          }
        ]
      },
      "validations": {
        "anyOf": [
          {
            "$ref": "#/components/schemas/Cms.FieldValidations"
          },
          {
            "type": "array",
            "minItems": 0,
            "maxItems": 0
          }
        ]
      },
      "children": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.FieldChildInput"
        }
      },
      "parent_field_id": {
        "type": [
          "string",
          "null"
        ]
      },
      "order": {
        "type": "number"
      }
    },
    "additionalProperties": false,
    "required": [
      "name",
      "type"
    ]
  },
  "Cms.FieldChange": {
    "type": "object",
    "properties": {
      "field": {
        "type": "string"
      },
      "before": {},
      "after": {},
      "words": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.WordPart"
        }
      },
      "label": {
        "type": "string"
      },
      "before_text": {
        "type": "string"
      },
      "after_text": {
        "type": "string"
      }
    },
    "required": [
      "field"
    ],
    "additionalProperties": false
  },
  "Cms.FieldChildInput": {
    "type": "object",
    "properties": {
      "type": {
        "$ref": "#/components/schemas/Cms.FieldType"
      },
      "name": {
        "type": "string"
      },
      "label": {
        "type": "string"
      },
      "description": {
        "type": [
          "string",
          "null"
        ]
      },
      "placeholder": {
        "type": [
          "string",
          "null"
        ]
      },
      "options": {
        "anyOf": [
          {
            "$ref": "#/components/schemas/Cms.FieldOptions"
          },
          {
            "type": "array",
            "minItems": 0,
            "maxItems": 0
          }
        ]
      },
      "validations": {
        "anyOf": [
          {
            "$ref": "#/components/schemas/Cms.FieldValidations"
          },
          {
            "type": "array",
            "minItems": 0,
            "maxItems": 0
          }
        ]
      },
      "children": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.FieldChildInput"
        }
      },
      "uuid": {
        "type": "string"
      }
    },
    "additionalProperties": false,
    "required": [
      "name",
      "type"
    ]
  },
  "Cms.FieldInput": {
    "type": "object",
    "properties": {
      "type": {
        "$ref": "#/components/schemas/Cms.FieldType"
      },
      "name": {
        "type": "string"
      },
      "label": {
        "type": "string"
      },
      "description": {
        "type": [
          "string",
          "null"
        ]
      },
      "placeholder": {
        "type": [
          "string",
          "null"
        ]
      },
      "options": {
        "anyOf": [
          {
            "$ref": "#/components/schemas/Cms.FieldOptions"
          },
          {
            "type": "array",
            "minItems": 0,
            "maxItems": 0
          }
        ]
      },
      "validations": {
        "anyOf": [
          {
            "$ref": "#/components/schemas/Cms.FieldValidations"
          },
          {
            "type": "array",
            "minItems": 0,
            "maxItems": 0
          }
        ]
      },
      "children": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.FieldChildInput"
        }
      }
    },
    "required": [
      "type",
      "name"
    ],
    "additionalProperties": false
  },
  "Cms.FieldOptions": {
    "type": "object",
    "properties": {
      "mode": {
        "type": "string",
        "enum": [
          "single",
          "range"
        ]
      },
      "slug": {
        "type": "object",
        "properties": {
          "field": {
            "type": [
              "string",
              "null"
            ]
          },
          "readonly": {
            "type": "boolean"
          }
        },
        "required": [
          "field"
        ],
        "additionalProperties": false
      },
      "media": {
        "type": "object",
        "properties": {
          "type": {
            "type": "number",
            "enum": [
              1,
              2
            ]
          }
        },
        "required": [
          "type"
        ],
        "additionalProperties": false
      },
      "editor": {
        "type": "object",
        "properties": {
          "type": {
            "type": "number"
          },
          "mode": {
            "type": "string"
          },
          "outputFormat": {
            "type": "string"
          }
        },
        "additionalProperties": false
      },
      "multiple": {
        "type": "boolean"
      },
      "relation": {
        "type": "object",
        "properties": {
          "type": {
            "type": "number",
            "enum": [
              1,
              2
            ]
          },
          "collection": {
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "type",
          "collection"
        ],
        "additionalProperties": false
      },
      "repeatable": {
        "type": "boolean"
      },
      "enumeration": {
        "type": "object",
        "properties": {
          "list": {
            "type": "array",
            "items": {
              "type": [
                "string",
                "number"
              ]
            }
          },
          "multiple": {
            "type": "boolean"
          }
        },
        "required": [
          "list"
        ],
        "additionalProperties": false
      },
      "hiddenInAPI": {
        "type": "boolean"
      },
      "includeTime": {
        "type": "boolean"
      },
      "includeDraft": {
        "type": "boolean"
      },
      "numberOfMonths": {
        "type": "number"
      },
      "hideInContentList": {
        "type": "boolean"
      }
    },
    "additionalProperties": {}
  },
  "Cms.FieldType": {
    "type": "string",
    "enum": [
      "text",
      "longtext",
      "richtext",
      "slug",
      "email",
      "password",
      "number",
      "enumeration",
      "boolean",
      "color",
      "date",
      "datetime",
      "time",
      "media",
      "relation",
      "json",
      "group"
    ]
  },
  "Cms.FieldUpdateInput": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "force": {
        "type": "boolean"
      },
      "type": {
        "$ref": "#/components/schemas/Cms.FieldType"
      },
      "name": {
        "type": "string"
      },
      "label": {
        "type": "string"
      },
      "description": {
        "type": [
          "string",
          "null"
        ]
      },
      "placeholder": {
        "type": [
          "string",
          "null"
        ]
      },
      "options": {
        "anyOf": [
          {
            "$ref": "#/components/schemas/Cms.FieldOptions"
          },
          {
            "type": "array",
            "minItems": 0,
            "maxItems": 0
          }
        ]
      },
      "validations": {
        "anyOf": [
          {
            "$ref": "#/components/schemas/Cms.FieldValidations"
          },
          {
            "type": "array",
            "minItems": 0,
            "maxItems": 0
          }
        ]
      },
      "children": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.FieldChildInput"
        }
      }
    }
  },
  "Cms.FieldValidations": {
    "type": "object",
    "properties": {
      "required": {
        "type": "object",
        "properties": {
          "status": {
            "type": "boolean"
          },
          "message": {
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "status"
        ],
        "additionalProperties": false
      },
      "unique": {
        "type": "object",
        "properties": {
          "status": {
            "type": "boolean"
          },
          "message": {
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "status"
        ],
        "additionalProperties": false
      },
      "charcount": {
        "type": "object",
        "properties": {
          "status": {
            "type": "boolean"
          },
          "type": {
            "type": "string",
            "enum": [
              "Between",
              "Min",
              "Max"
            ]
          },
          "min": {
            "type": [
              "number",
              "null"
            ]
          },
          "max": {
            "type": [
              "number",
              "null"
            ]
          },
          "message": {
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "status"
        ],
        "additionalProperties": false
      }
    },
    "additionalProperties": false
  },
  "Cms.FieldValues": {
    "type": "object",
    "additionalProperties": {}
  },
  "Cms.FieldView": {
    "type": "object",
    "properties": {
      "uuid": {
        "type": "string"
      },
      "type": {
        "$ref": "#/components/schemas/Cms.FieldType"
      },
      "label": {
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
      "placeholder": {
        "type": [
          "string",
          "null"
        ]
      },
      "options": {
        "$ref": "#/components/schemas/Cms.FieldOptions"
      },
      "validations": {
        "$ref": "#/components/schemas/Cms.FieldValidations"
      },
      "order": {
        "type": "number"
      },
      "children": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.FieldView"
        }
      }
    },
    "required": [
      "description",
      "label",
      "name",
      "options",
      "order",
      "placeholder",
      "type",
      "uuid",
      "validations"
    ],
    "additionalProperties": false
  },
  "Cms.FieldWithParent": {
    "type": "object",
    "properties": {
      "uuid": {
        "type": "string"
      },
      "type": {
        "$ref": "#/components/schemas/Cms.FieldType"
      },
      "label": {
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
      "placeholder": {
        "type": [
          "string",
          "null"
        ]
      },
      "options": {
        "$ref": "#/components/schemas/Cms.FieldOptions"
      },
      "validations": {
        "$ref": "#/components/schemas/Cms.FieldValidations"
      },
      "order": {
        "type": "number"
      },
      "children": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.FieldView"
        }
      },
      "parent_field_id": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "required": [
      "description",
      "label",
      "name",
      "options",
      "order",
      "parent_field_id",
      "placeholder",
      "type",
      "uuid",
      "validations"
    ],
    "additionalProperties": false
  },
  "Cms.FieldsReorderInput": {
    "type": "object",
    "properties": {
      "fields": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.OrderInput"
        }
      }
    },
    "required": [
      "fields"
    ],
    "additionalProperties": false
  },
  "Cms.ForceInput": {
    "type": "object",
    "properties": {
      "force": {
        "anyOf": [
          {
            "type": "boolean"
          },
          {
            "type": "number",
            "const": 0
          },
          {
            "type": "number",
            "const": 1
          },
          {
            "type": "string"
          }
        ]
      }
    },
    "additionalProperties": false
  },
  "Cms.GitBranchCreated": {
    "type": "object",
    "properties": {
      "branch": {
        "type": "string"
      },
      "commit": {
        "type": "string"
      },
      "switched": {
        "type": "boolean"
      }
    },
    "required": [
      "branch",
      "commit",
      "switched"
    ],
    "additionalProperties": false
  },
  "Cms.GitBranchInput": {
    "type": "object",
    "properties": {
      "name": {
        "type": "string"
      },
      "from": {
        "type": [
          "string",
          "null"
        ]
      },
      "switch": {
        "type": "boolean"
      }
    },
    "required": [
      "name"
    ],
    "additionalProperties": false
  },
  "Cms.GitBranchList": {
    "type": "object",
    "properties": {
      "current": {
        "type": [
          "string",
          "null"
        ]
      },
      "branches": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.BranchInfo"
        }
      }
    },
    "required": [
      "current",
      "branches"
    ],
    "additionalProperties": false
  },
  "Cms.GitBranchState": {
    "type": "object",
    "properties": {
      "branch": {
        "type": [
          "string",
          "null"
        ]
      },
      "head": {
        "type": [
          "string",
          "null"
        ]
      },
      "blocked": {
        "type": [
          "string",
          "null"
        ]
      },
      "pending": {
        "type": "number"
      }
    },
    "required": [
      "branch",
      "head",
      "blocked",
      "pending"
    ],
    "additionalProperties": false
  },
  "Cms.GitCommitInput": {
    "type": "object",
    "properties": {
      "files": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "entries": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "message": {
        "type": "string"
      }
    },
    "required": [
      "message"
    ],
    "additionalProperties": false
  },
  "Cms.GitCommitResult": {
    "type": "object",
    "properties": {
      "commit": {
        "type": "string"
      },
      "branch": {
        "type": "string"
      },
      "files": {
        "type": "array",
        "items": {
          "type": "string"
        }
      }
    },
    "required": [
      "commit",
      "branch",
      "files"
    ],
    "additionalProperties": false
  },
  "Cms.GitComparison": {
    "type": "object",
    "properties": {
      "base": {
        "type": "string"
      },
      "head": {
        "type": [
          "string",
          "null"
        ]
      },
      "merge_base": {
        "type": "string"
      },
      "report": {
        "$ref": "#/components/schemas/Cms.DiffReport"
      },
      "markdown": {
        "type": "string"
      },
      "text": {
        "type": "string"
      }
    },
    "required": [
      "base",
      "head",
      "merge_base",
      "report",
      "markdown",
      "text"
    ],
    "additionalProperties": false
  },
  "Cms.GitDiscardResult": {
    "type": "object",
    "properties": {
      "files": {
        "type": "array",
        "items": {
          "type": "string"
        }
      }
    },
    "required": [
      "files"
    ],
    "additionalProperties": false
  },
  "Cms.GitSelection": {
    "type": "object",
    "properties": {
      "files": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "entries": {
        "type": "array",
        "items": {
          "type": "string"
        }
      }
    },
    "additionalProperties": false
  },
  "Cms.GitSwitchInput": {
    "type": "object",
    "properties": {
      "branch": {
        "type": "string"
      }
    },
    "required": [
      "branch"
    ],
    "additionalProperties": false
  },
  "Cms.GitSwitchResult": {
    "type": "object",
    "properties": {
      "branch": {
        "type": "string"
      },
      "head": {
        "type": "string"
      }
    },
    "required": [
      "branch",
      "head"
    ],
    "additionalProperties": false
  },
  "Cms.LastCommit": {
    "type": "object",
    "properties": {
      "commit": {
        "type": "string"
      },
      "branch": {
        "type": "string"
      },
      "files": {
        "type": "number"
      },
      "at": {
        "type": "string"
      }
    },
    "required": [
      "commit",
      "branch",
      "files",
      "at"
    ],
    "additionalProperties": false
  },
  "Cms.LinkTranslationInput": {
    "type": "object",
    "properties": {
      "translation_entry_uuid": {
        "type": "string"
      }
    },
    "required": [
      "translation_entry_uuid"
    ],
    "additionalProperties": false
  },
  "Cms.Live": {
    "type": "string",
    "enum": [
      "goes-live",
      "goes-offline",
      "live-update",
      "draft-only",
      "none"
    ]
  },
  "Cms.LocaleInput": {
    "anyOf": [
      {
        "type": "object",
        "properties": {
          "locale": {
            "type": "string"
          }
        },
        "required": [
          "locale"
        ],
        "additionalProperties": false
      },
      {
        "type": "object",
        "properties": {
          "code": {
            "type": "string"
          }
        },
        "required": [
          "code"
        ],
        "additionalProperties": false
      }
    ]
  },
  "Cms.LoggedOutAll": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      },
      "sessions_ended": {
        "type": "number"
      }
    },
    "required": [
      "message",
      "sessions_ended"
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
  "Cms.OpenApiDocument": {
    "type": "object",
    "properties": {
      "openapi": {
        "type": "string",
        "const": "3.1.0"
      },
      "info": {
        "type": "object",
        "properties": {
          "title": {
            "type": "string"
          },
          "version": {
            "type": "string"
          },
          "description": {
            "type": "string"
          }
        },
        "required": [
          "title",
          "version"
        ],
        "additionalProperties": false
      },
      "servers": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "url": {
              "type": "string"
            }
          },
          "required": [
            "url"
          ],
          "additionalProperties": false
        }
      },
      "paths": {
        "type": "object",
        "additionalProperties": {}
      },
      "components": {
        "type": "object",
        "properties": {
          "securitySchemes": {
            "type": "object",
            "additionalProperties": {}
          },
          "parameters": {
            "type": "object",
            "additionalProperties": {}
          },
          "responses": {
            "type": "object",
            "additionalProperties": {}
          },
          "schemas": {
            "type": "object",
            "additionalProperties": {}
          }
        },
        "required": [
          "securitySchemes",
          "parameters",
          "responses",
          "schemas"
        ],
        "additionalProperties": false
      }
    },
    "required": [
      "openapi",
      "info",
      "servers",
      "paths",
      "components"
    ],
    "additionalProperties": false
  },
  "Cms.OrderInput": {
    "type": "object",
    "properties": {
      "uuid": {
        "type": "string"
      },
      "order": {
        "type": "number"
      }
    },
    "required": [
      "uuid",
      "order"
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
  "Cms.Page_EntryJson": {
    "type": "object",
    "properties": {
      "data": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Cms.EntryJson"
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
  "Cms.PreviewLinkInput": {
    "type": "object",
    "properties": {
      "collection": {
        "type": "string"
      },
      "uuid": {
        "type": "string"
      },
      "ttl_seconds": {
        "type": "number"
      }
    },
    "required": [
      "collection",
      "uuid"
    ],
    "additionalProperties": false
  },
  "Cms.PreviewTokenInput": {
    "type": "object",
    "properties": {
      "collection": {
        "type": [
          "string",
          "null"
        ]
      },
      "uuid": {
        "type": [
          "string",
          "null"
        ]
      },
      "ttl_seconds": {
        "type": "number"
      }
    },
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
  "Cms.ProjectInfo": {
    "type": "object",
    "properties": {
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
      "default_locale": {
        "type": "string"
      },
      "locales": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "api": {
        "type": "string",
        "enum": [
          "public",
          "private"
        ]
      },
      "preview_url": {
        "type": [
          "string",
          "null"
        ]
      },
      "collections": {
        "anyOf": [
          {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Cms.CollectionSummary"
            }
          },
          {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Cms.CollectionWithFields"
            }
          }
        ]
      }
    },
    "required": [
      "api",
      "default_locale",
      "description",
      "locales",
      "name",
      "preview_url",
      "uuid"
    ],
    "additionalProperties": false
  },
  "Cms.ProjectSettingsChange": {
    "type": "object",
    "properties": {
      "project": {
        "$ref": "#/components/schemas/Cms.ProjectSummary"
      },
      "changed": {
        "type": "boolean"
      }
    },
    "required": [
      "project",
      "changed"
    ],
    "additionalProperties": false
  },
  "Cms.ProjectSettingsPatch": {
    "type": "object",
    "properties": {
      "api": {
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
      "public_drafts": {
        "type": "boolean"
      },
      "signed_urls": {
        "type": "object",
        "properties": {
          "ttl": {
            "type": [
              "number",
              "string"
            ]
          }
        },
        "required": [
          "ttl"
        ],
        "additionalProperties": false
      },
      "preview_url": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "additionalProperties": false
  },
  "Cms.ProjectSummary": {
    "type": "object",
    "properties": {
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
      "api": {
        "type": "string",
        "enum": [
          "public",
          "private"
        ]
      },
      "public_drafts": {
        "type": "boolean"
      },
      "signed_url_ttl": {
        "type": "number"
      },
      "preview_url": {
        "type": [
          "string",
          "null"
        ]
      },
      "default_locale": {
        "type": "string"
      },
      "locales": {
        "type": "array",
        "items": {
          "type": "string"
        }
      },
      "collections": {
        "type": "number"
      },
      "entries": {
        "type": "number"
      },
      "tokens": {
        "type": "number"
      }
    },
    "required": [
      "uuid",
      "name",
      "description",
      "api",
      "public_drafts",
      "signed_url_ttl",
      "preview_url",
      "default_locale",
      "locales",
      "collections",
      "entries",
      "tokens"
    ],
    "additionalProperties": false
  },
  "Cms.PublicUser": {
    "type": "object",
    "properties": {
      "id": {
        "type": "number"
      },
      "uuid": {
        "type": "string"
      },
      "email": {
        "type": "string"
      },
      "display_name": {
        "type": [
          "string",
          "null"
        ]
      },
      "email_verified_at": {
        "type": [
          "string",
          "null"
        ]
      },
      "metadata": {
        "type": "object",
        "additionalProperties": {}
      }
    },
    "required": [
      "id",
      "uuid",
      "email",
      "display_name",
      "email_verified_at",
      "metadata"
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
  "Cms.Refusal": {
    "type": "object",
    "properties": {
      "reason": {
        "type": "string"
      },
      "at": {
        "type": "string"
      },
      "files": {
        "type": "array",
        "items": {
          "type": "string"
        }
      }
    },
    "required": [
      "reason",
      "at",
      "files"
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
  "Cms.SchemaChange": {
    "type": "object",
    "properties": {
      "change": {
        "type": "string",
        "enum": [
          "added",
          "removed",
          "changed",
          "reordered",
          "collection"
        ]
      },
      "field": {
        "type": "string"
      },
      "detail": {
        "type": "string"
      }
    },
    "required": [
      "change",
      "detail"
    ],
    "additionalProperties": false
  },
  "Cms.SchemaMessage": {
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
  "Cms.SigningKeyInfo": {
    "type": "object",
    "properties": {
      "kid": {
        "type": "string"
      },
      "created_at": {
        "type": "string"
      }
    },
    "required": [
      "kid",
      "created_at"
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
  "Cms.TokenInput": {
    "type": "object",
    "properties": {
      "name": {
        "type": "string"
      },
      "abilities": {
        "anyOf": [
          {
            "type": "string"
          },
          {
            "type": "array",
            "items": {
              "type": "string"
            }
          }
        ]
      },
      "expires": {
        "type": [
          "string",
          "null"
        ]
      }
    },
    "required": [
      "name",
      "abilities"
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
  "Cms.TranslationLinked": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      },
      "translation_group_id": {
        "type": "string"
      }
    },
    "required": [
      "message",
      "translation_group_id"
    ],
    "additionalProperties": false
  },
  "Cms.VerificationConfirmInput": {
    "type": "object",
    "properties": {
      "token": {
        "type": "string"
      }
    },
    "required": [
      "token"
    ],
    "additionalProperties": false
  },
  "Cms.VerificationPending": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      },
      "code": {
        "type": "string",
        "const": "email_verification_required"
      },
      "verification_required": {
        "type": "boolean",
        "const": true
      },
      "user": {
        "$ref": "#/components/schemas/Cms.PublicUser"
      }
    },
    "required": [
      "message",
      "code",
      "verification_required",
      "user"
    ],
    "additionalProperties": false
  },
  "Cms.VerificationResendInput": {
    "type": "object",
    "properties": {
      "email": {
        "type": "string"
      }
    },
    "required": [
      "email"
    ],
    "additionalProperties": false
  },
  "Cms.VersionDetail": {
    "type": "object",
    "properties": {
      "translation_group_id": {
        "type": [
          "string",
          "null"
        ]
      },
      "is_current_published": {
        "type": "boolean"
      },
      "created_by": {
        "type": [
          "string",
          "null"
        ]
      },
      "uuid": {
        "type": "string"
      },
      "version_number": {
        "type": "number"
      },
      "label": {
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
      "locale": {
        "type": "string"
      },
      "published_at": {
        "type": "string"
      },
      "created_at": {
        "type": "string"
      },
      "updated_at": {
        "type": "string"
      },
      "snapshot": {
        "type": "object",
        "properties": {
          "fields": {
            "type": "object",
            "additionalProperties": {}
          },
          "meta": {
            "type": "object",
            "properties": {
              "locale": {
                "type": "string"
              },
              "translation_group_id": {
                "type": [
                  "string",
                  "null"
                ]
              }
            },
            "required": [
              "locale",
              "translation_group_id"
            ],
            "additionalProperties": false
          }
        },
        "required": [
          "fields",
          "meta"
        ],
        "additionalProperties": false
      }
    },
    "required": [
      "created_at",
      "created_by",
      "description",
      "is_current_published",
      "label",
      "locale",
      "published_at",
      "snapshot",
      "translation_group_id",
      "updated_at",
      "uuid",
      "version_number"
    ],
    "additionalProperties": false
  },
  "Cms.VersionLabelInput": {
    "type": "object",
    "properties": {
      "label": {
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
      }
    },
    "additionalProperties": false
  },
  "Cms.VersionOutput": {
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "translation_group_id": {
        "type": [
          "string",
          "null"
        ]
      },
      "is_current_published": {
        "type": "boolean"
      },
      "created_by": {
        "type": [
          "string",
          "null"
        ]
      },
      "uuid": {
        "type": "string"
      },
      "version_number": {
        "type": "number"
      },
      "label": {
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
      "locale": {
        "type": "string"
      },
      "published_at": {
        "type": "string"
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
      "created_by",
      "description",
      "is_current_published",
      "label",
      "locale",
      "published_at",
      "translation_group_id",
      "updated_at",
      "uuid",
      "version_number"
    ]
  },
  "Cms.VersionReverted": {
    "type": "object",
    "properties": {
      "message": {
        "type": "string"
      },
      "version": {
        "$ref": "#/components/schemas/Cms.VersionOutput"
      },
      "entry": {
        "$ref": "#/components/schemas/Cms.EntryJson"
      }
    },
    "required": [
      "message",
      "version",
      "entry"
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
  },
  "Cms.WordPart": {
    "type": "object",
    "properties": {
      "op": {
        "type": "string",
        "enum": [
          "=",
          "-",
          "+"
        ]
      },
      "text": {
        "type": "string"
      }
    },
    "required": [
      "op",
      "text"
    ],
    "additionalProperties": false
  }
}

/** Names these schemas (the contract check keys the validators it leaves for other processes by it). */
export const ANSWER_SCHEMAS_DIGEST = '2217025f335d3b64'
