// Written by `npm run schemas:answers` (scripts/gen-answer-schemas.mjs) from the types in
// src/server/http/answers.ts; do not edit by hand (a unit test fails when it is out of date).

/** Each answer's schema, by the name routes give (`answer: 'Webhook'`); refs point into ANSWER_DEFINITIONS. */
export const ANSWER_SCHEMAS: Record<string, Record<string, unknown>> = {
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
