// Generated from the service's /openapi.json by `npm run sdk:types`; do not edit.
/* eslint-disable */
import type { JsonSchema } from '../validate.js';

export const requestSchemas: Record<string, JsonSchema> = {
  "addSeats": {
    "type": "object",
    "properties": {
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      },
      "Quantity": {
        "type": "integer",
        "minimum": 1,
        "maximum": 1000
      }
    },
    "required": [
      "RequestId",
      "Quantity"
    ]
  },
  "bindLicenseToTenant": {
    "type": "object",
    "properties": {
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      },
      "CorrelationId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 128
      }
    },
    "required": [
      "RequestId",
      "CorrelationId"
    ]
  },
  "cancelLicense": {
    "type": "object",
    "properties": {
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      }
    },
    "required": [
      "RequestId"
    ]
  },
  "createEmbeddedCheckout": {
    "type": "object",
    "properties": {
      "OfferingId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100
      },
      "CorrelationId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 128
      },
      "CustomerEmail": {
        "type": "string",
        "maxLength": 254,
        "format": "email"
      },
      "IssuerClientId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100
      },
      "SuccessUrl": {
        "type": "string",
        "maxLength": 2048,
        "format": "uri",
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "description": "An absolute http or https URL.",
        "example": "https://app.example.com/purchase-done"
      },
      "CancelUrl": {
        "type": "string",
        "maxLength": 2048,
        "format": "uri",
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "description": "An absolute http or https URL.",
        "example": "https://app.example.com/purchase-done"
      },
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      },
      "Quantity": {
        "type": "integer",
        "minimum": 1,
        "maximum": 1000
      },
      "ReturnUrl": {
        "type": "string",
        "maxLength": 2048,
        "format": "uri",
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "description": "An absolute http or https URL.",
        "example": "https://app.example.com/purchase-done"
      }
    },
    "required": [
      "OfferingId",
      "CorrelationId",
      "CustomerEmail"
    ]
  },
  "createLicense": {
    "type": "object",
    "properties": {
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      },
      "OfferingId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100
      },
      "CorrelationId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 128
      },
      "Seats": {
        "type": "integer",
        "minimum": 1,
        "maximum": 1000
      }
    },
    "required": [
      "RequestId",
      "OfferingId",
      "CorrelationId",
      "Seats"
    ]
  },
  "createPurchaseCheckout": {
    "type": "object",
    "properties": {
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      },
      "OfferingId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100
      },
      "IssuerClientId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100
      },
      "CorrelationId": {
        "type": "string",
        "maxLength": 128
      },
      "SuccessUrl": {
        "type": "string",
        "maxLength": 2048,
        "format": "uri",
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "description": "An absolute http or https URL.",
        "example": "https://app.example.com/purchase-done"
      },
      "CancelUrl": {
        "type": "string",
        "maxLength": 2048,
        "format": "uri",
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "description": "An absolute http or https URL.",
        "example": "https://app.example.com/purchase-done"
      },
      "OriginContext": {
        "type": "string",
        "enum": [
          "web",
          "mobile_app"
        ]
      }
    },
    "required": [
      "RequestId",
      "OfferingId",
      "IssuerClientId"
    ]
  },
  "createWebhookEndpoint": {
    "type": "object",
    "properties": {
      "Url": {
        "type": "string",
        "minLength": 1,
        "maxLength": 2048
      },
      "EventTypes": {
        "type": "array",
        "items": {
          "type": "string",
          "enum": [
            "checkout.completed",
            "checkout.failed",
            "claim.expired",
            "license.created",
            "license.status_changed",
            "license.renewed",
            "order.refunded",
            "dispute.opened",
            "dispute.closed",
            "seat.added",
            "seat.retired",
            "license_code.issued",
            "license_code.revoked",
            "allowance.exhausted"
          ]
        },
        "maxItems": 14,
        "default": [],
        "description": "Event types sent to the endpoint; empty (or left out) for every type."
      },
      "Description": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 500
      }
    },
    "required": [
      "Url"
    ]
  },
  "generateLicenseAuthorization": {
    "type": "object",
    "properties": {
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      },
      "LicenseId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100
      }
    },
    "required": [
      "RequestId",
      "LicenseId"
    ]
  },
  "getEmbeddedCheckoutResult": {
    "type": "object",
    "properties": {
      "SessionId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100
      }
    },
    "required": [
      "SessionId"
    ]
  },
  "ingestUsage": {
    "type": "object",
    "properties": {
      "LicenseId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100
      },
      "BatchId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      },
      "Items": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "FeatureKey": {
              "type": "string",
              "minLength": 1,
              "maxLength": 64
            },
            "Units": {
              "type": "integer",
              "minimum": 1,
              "maximum": 1000000000
            },
            "TimeUtc": {
              "type": "string",
              "format": "date-time"
            }
          },
          "required": [
            "FeatureKey",
            "Units",
            "TimeUtc"
          ]
        },
        "minItems": 1,
        "maxItems": 1000
      }
    },
    "required": [
      "LicenseId",
      "BatchId",
      "Items"
    ]
  },
  "issueSeatCode": {
    "type": "object",
    "properties": {
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      },
      "Label": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100
      }
    },
    "required": [
      "RequestId",
      "Label"
    ]
  },
  "refundOrder": {
    "type": "object",
    "properties": {
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      },
      "Amount": {
        "type": "number",
        "exclusiveMinimum": 0,
        "maximum": 10000000000000
      },
      "Reason": {
        "type": "string",
        "minLength": 1,
        "maxLength": 500
      },
      "License": {
        "type": "string",
        "enum": [
          "revoke",
          "keep"
        ]
      }
    },
    "required": [
      "RequestId"
    ]
  },
  "resumeLicense": {
    "type": "object",
    "properties": {
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      }
    },
    "required": [
      "RequestId"
    ]
  },
  "retireSeat": {
    "type": "object",
    "properties": {
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      }
    },
    "required": [
      "RequestId"
    ]
  },
  "revokeLicenseCode": {
    "type": "object",
    "properties": {
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      }
    },
    "required": [
      "RequestId"
    ]
  },
  "suspendLicense": {
    "type": "object",
    "properties": {
      "RequestId": {
        "type": "string",
        "format": "uuid",
        "pattern": "^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        "description": "A GUID, not all zeros."
      }
    },
    "required": [
      "RequestId"
    ]
  },
  "updateWebhookEndpoint": {
    "type": "object",
    "properties": {
      "Url": {
        "type": "string",
        "minLength": 1,
        "maxLength": 2048
      },
      "EventTypes": {
        "type": "array",
        "items": {
          "type": "string",
          "enum": [
            "checkout.completed",
            "checkout.failed",
            "claim.expired",
            "license.created",
            "license.status_changed",
            "license.renewed",
            "order.refunded",
            "dispute.opened",
            "dispute.closed",
            "seat.added",
            "seat.retired",
            "license_code.issued",
            "license_code.revoked",
            "allowance.exhausted"
          ]
        },
        "maxItems": 14,
        "description": "Event types sent to the endpoint; empty (or left out) for every type."
      },
      "Description": {
        "type": [
          "string",
          "null"
        ],
        "maxLength": 500
      },
      "Enabled": {
        "type": "boolean"
      }
    }
  }
};
