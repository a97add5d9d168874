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
