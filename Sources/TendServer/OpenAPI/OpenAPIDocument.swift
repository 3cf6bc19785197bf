/// The OpenAPI 3.1 document of Tend's HTTP API, served at `GET /api/v1/openapi.json`.
///
/// It is embedded in the code rather than shipped as a resource, so a statically linked `tend`
/// needs no bundle directory beside it. `OpenAPITests` keeps it true: every route the router has
/// is in it and nothing else, and real responses match its schemas; `scripts/test-api` runs
/// schemathesis against a running `tend serve` with it.
public enum OpenAPIDocument {
    /// The document as JSON text.
    public static let json = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "Tend API",
    "version": "1",
    "summary": "Tend's JSON API: habits, days, routines, reminders, views, settings, accounts.",
    "description": "JSON in and out (sorted keys), days as `YYYY-MM-DD`, instants as ISO 8601. \"Today\" is the user's (their zone and day-start hour). Every error is an RFC 9457 problem body (`application/problem+json`). Every response carries `X-Request-ID` and the security headers; API responses are `Cache-Control: no-store`. Request bodies are at most 1 MiB (import: 256 MiB); unknown keys in them are ignored. See docs/server.md."
  },
  "servers": [
    {
      "url": "/"
    }
  ],
  "tags": [
    {
      "name": "accounts"
    },
    {
      "name": "habits"
    },
    {
      "name": "days"
    },
    {
      "name": "views"
    },
    {
      "name": "routines"
    },
    {
      "name": "reminders"
    },
    {
      "name": "settings"
    },
    {
      "name": "data"
    },
    {
      "name": "operations"
    }
  ],
  "paths": {
    "/healthz": {
      "get": {
        "operationId": "health",
        "summary": "200 while the process serves requests (never touches the database).",
        "tags": [
          "operations"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Health"
                }
              }
            }
          }
        }
      }
    },
    "/metrics": {
      "get": {
        "operationId": "metrics",
        "tags": [
          "operations"
        ],
        "summary": "Prometheus metrics: open from loopback; from anywhere else only with an API token of the owner.",
        "security": [
          {},
          {
            "bearer": []
          }
        ],
        "responses": {
          "200": {
            "description": "`tend_http_requests_total{method,route,status}`, `tend_http_request_duration_seconds{method,route}`.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "description": "A member's token (only the owner may read metrics from elsewhere).",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/openapi.json": {
      "get": {
        "operationId": "openAPIDocument",
        "summary": "This document.",
        "tags": [
          "operations"
        ],
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            }
          }
        }
      }
    },
    "/api/v1/users": {
      "post": {
        "operationId": "signUp",
        "summary": "Create an account.",
        "tags": [
          "accounts"
        ],
        "description": "The first account of a database is the owner (and takes over a passwordless user of the same name, such as the CLI's local user). Later sign-ups need an owner's invite code, unless the server runs with `--open-registration`. Counts against the sign-in rate limit.",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SignUpRequest"
              }
            }
          }
        },
        "security": [],
        "responses": {
          "201": {
            "description": "The account; the first of a database is the owner.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Account"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "403": {
            "description": "Registration is closed (no invite, or the invite is unknown, expired or used).",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/tokens": {
      "post": {
        "operationId": "createToken",
        "summary": "Create an API token for a device (its secret is answered once).",
        "tags": [
          "accounts"
        ],
        "description": "A wrong username or password is 401. Counts against the sign-in rate limit.",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TokenRequest"
              }
            }
          }
        },
        "security": [],
        "responses": {
          "201": {
            "description": "The token, with its secret.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/NewToken"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "get": {
        "operationId": "listTokens",
        "summary": "The account's API tokens (never their secrets).",
        "tags": [
          "accounts"
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Token"
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/tokens/{id}": {
      "delete": {
        "operationId": "revokeToken",
        "summary": "Revoke an API token at once.",
        "tags": [
          "accounts"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A token's id."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done."
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/session": {
      "post": {
        "operationId": "logIn",
        "summary": "Sign a browser in: sets the session cookie and answers the CSRF token.",
        "tags": [
          "accounts"
        ],
        "description": "A wrong username or password is 401. Counts against the sign-in rate limit.",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/LoginRequest"
              }
            }
          }
        },
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Session"
                }
              }
            },
            "headers": {
              "Set-Cookie": {
                "schema": {
                  "type": "string"
                },
                "description": "The session cookie: `tend_session` (`__Host-tend_session`, `Secure`, over TLS); `HttpOnly; SameSite=Lax; Path=/`."
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "get": {
        "operationId": "session",
        "summary": "The signed-in browser's account and CSRF token.",
        "tags": [
          "accounts"
        ],
        "description": "404 when the request uses an API token rather than the session cookie.",
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Session"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "delete": {
        "operationId": "logOut",
        "summary": "Sign this browser out (the session ends on every instance).",
        "tags": [
          "accounts"
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "204": {
            "description": "Signed out.",
            "headers": {
              "Set-Cookie": {
                "schema": {
                  "type": "string"
                },
                "description": "Clears the session cookie."
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/invites": {
      "get": {
        "operationId": "listInvites",
        "summary": "The owner's invites.",
        "tags": [
          "accounts"
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Invite"
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "description": "Only the owner manages invites.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "post": {
        "operationId": "createInvite",
        "summary": "A new invite code (answered once; valid 7 days; works once).",
        "tags": [
          "accounts"
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "201": {
            "description": "The invite with its `code`.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Invite"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "description": "Only the owner manages invites (or no CSRF token).",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/invites/{id}": {
      "delete": {
        "operationId": "revokeInvite",
        "summary": "Revoke an invite.",
        "tags": [
          "accounts"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "An invite's id (a member has none)."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done."
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/account": {
      "get": {
        "operationId": "account",
        "summary": "The signed-in account.",
        "tags": [
          "accounts"
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Account"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "delete": {
        "operationId": "deleteAccount",
        "summary": "Delete the account and everything it owns.",
        "tags": [
          "accounts"
        ],
        "description": "Needs the password. Offer `GET /api/v1/export` first. Counts against the sign-in rate limit.",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/AccountDeletion"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done."
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "description": "A wrong password, the owner while other accounts exist, or no CSRF token.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/account/password": {
      "put": {
        "operationId": "changePassword",
        "summary": "Change the password (signs out every other browser session).",
        "tags": [
          "accounts"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/PasswordChange"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done."
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "description": "The current password is not right, or no CSRF token.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits": {
      "get": {
        "operationId": "listHabits",
        "summary": "The habits in the user's order.",
        "tags": [
          "habits"
        ],
        "parameters": [
          {
            "name": "archived",
            "in": "query",
            "schema": {
              "type": "boolean",
              "default": false
            },
            "description": "Archived habits too."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Habit"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "post": {
        "operationId": "createHabit",
        "summary": "Create a habit.",
        "tags": [
          "habits"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/HabitCreate"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "201": {
            "description": "The habit, with its id.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Habit"
                }
              }
            },
            "headers": {
              "Location": {
                "schema": {
                  "type": "string"
                },
                "description": "`/api/v1/habits/{id}`"
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits/order": {
      "put": {
        "operationId": "reorderHabits",
        "summary": "Put the habits listed first, in that order.",
        "tags": [
          "habits"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ReorderRequest"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "Every habit (archived too) in the new order.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Habit"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits/{id}": {
      "get": {
        "operationId": "showHabit",
        "summary": "A habit.",
        "tags": [
          "habits"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Habit"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "patch": {
        "operationId": "updateHabit",
        "summary": "Change the fields given.",
        "tags": [
          "habits"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/HabitUpdate"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Habit"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "409": {
            "$ref": "#/components/responses/Conflict"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "delete": {
        "operationId": "deleteHabit",
        "summary": "Delete a habit with all its entries.",
        "tags": [
          "habits"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done."
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits/{id}/archive": {
      "post": {
        "operationId": "archiveHabit",
        "summary": "Archive a habit.",
        "tags": [
          "habits"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Habit"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits/{id}/unarchive": {
      "post": {
        "operationId": "unarchiveHabit",
        "summary": "Bring an archived habit back.",
        "tags": [
          "habits"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Habit"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits/{id}/days": {
      "get": {
        "operationId": "listDays",
        "summary": "The days with something recorded (default: the 30 days to today).",
        "tags": [
          "days"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          },
          {
            "name": "from",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/DayQuery"
            },
            "description": "First day (default: 29 days before `to`)."
          },
          {
            "name": "to",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/DayQuery"
            },
            "description": "Last day (default: today)."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "Entries by day.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Entry"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits/{id}/days/{day}": {
      "put": {
        "operationId": "updateDay",
        "summary": "Set a day's value, skip mark or note.",
        "tags": [
          "days"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          },
          {
            "name": "day",
            "in": "path",
            "schema": {
              "$ref": "#/components/schemas/Day"
            },
            "required": true
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/DayUpdate"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "The day's entry.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Entry"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "delete": {
        "operationId": "resetDay",
        "summary": "Reset a day (value 0, no skip; the note stays). A day after the user's today or before 2000-01-01 is 422.",
        "tags": [
          "days"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          },
          {
            "name": "day",
            "in": "path",
            "schema": {
              "$ref": "#/components/schemas/Day"
            },
            "required": true
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "The day's entry.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Entry"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits/{id}/days/{day}/increment": {
      "post": {
        "operationId": "incrementDay",
        "summary": "Add to a day's value, as given (past the target too; never below 0; only the tap stops at the target).",
        "tags": [
          "days"
        ],
        "description": "No body: by 1.",
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          },
          {
            "name": "day",
            "in": "path",
            "schema": {
              "$ref": "#/components/schemas/Day"
            },
            "required": true
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/IncrementRequest"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "The day's entry.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Entry"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits/{id}/days/{day}/tap": {
      "post": {
        "operationId": "tapDay",
        "summary": "The polymorphic tap: a checkmark toggles, a count +1, a duration +1 minute.",
        "tags": [
          "days"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          },
          {
            "name": "day",
            "in": "path",
            "schema": {
              "$ref": "#/components/schemas/Day"
            },
            "required": true
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "The day's entry.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Entry"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/today": {
      "get": {
        "operationId": "today",
        "summary": "The day's habits by part of the day, as `tend today --json`.",
        "tags": [
          "views"
        ],
        "parameters": [
          {
            "name": "date",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/DayQuery"
            },
            "description": "Default: the user's today."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Today"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/heatmap": {
      "get": {
        "operationId": "heatmap",
        "summary": "Day scores of the days ending on `date`, oldest first.",
        "tags": [
          "views"
        ],
        "parameters": [
          {
            "name": "date",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/DayQuery"
            },
            "description": "The last day (default: today)."
          },
          {
            "name": "days",
            "in": "query",
            "schema": {
              "type": "integer",
              "format": "int64",
              "minimum": 1,
              "maximum": 3660,
              "default": 200
            },
            "description": "How many days."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/DayScore"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/stats": {
      "get": {
        "operationId": "allStats",
        "summary": "Every active habit's statistics, as `tend stats --json`.",
        "tags": [
          "views"
        ],
        "parameters": [
          {
            "name": "asOf",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/DayQuery"
            },
            "description": "Default: today; at most a year after today."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Stats"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits/{id}/stats": {
      "get": {
        "operationId": "habitStats",
        "summary": "A habit's statistics, as `tend stats HABIT --json`.",
        "tags": [
          "views"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          },
          {
            "name": "asOf",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/DayQuery"
            },
            "description": "Default: today; at most a year after today."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Stats"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits/{id}/cells": {
      "get": {
        "operationId": "habitCells",
        "summary": "The day cells of a calendar week, 7-day strip, month grid or 53-week year grid.",
        "tags": [
          "views"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          },
          {
            "name": "view",
            "in": "query",
            "schema": {
              "type": "string",
              "enum": [
                "week",
                "strip",
                "month",
                "year"
              ],
              "default": "week"
            }
          },
          {
            "name": "date",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/DayQuery"
            },
            "description": "A day in the grid (the strip's and year grid's last; default: today)."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/DayCell"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/tips": {
      "get": {
        "operationId": "tips",
        "summary": "The tips that apply now and are not retired.",
        "tags": [
          "views"
        ],
        "parameters": [
          {
            "name": "all",
            "in": "query",
            "schema": {
              "type": "boolean",
              "default": false
            },
            "description": "Every tip."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Tip"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/tips/{tip}/dismiss": {
      "post": {
        "operationId": "dismissTip",
        "summary": "Never show a tip again, on any device.",
        "tags": [
          "views"
        ],
        "parameters": [
          {
            "name": "tip",
            "in": "path",
            "schema": {
              "type": "string",
              "enum": [
                "addFirstHabit",
                "manageHabit",
                "buildRoutine",
                "skipInsteadOfBreaking",
                "habitStacking",
                "twoMinuteRule",
                "makeItObvious",
                "neverMissTwice",
                "celebrateStreak"
              ]
            },
            "required": true,
            "description": "A tip's id."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done."
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/routines": {
      "get": {
        "operationId": "listRoutines",
        "summary": "The routines in order.",
        "tags": [
          "routines"
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Routine"
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "post": {
        "operationId": "createRoutine",
        "summary": "Create a routine.",
        "tags": [
          "routines"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RoutineCreate"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "201": {
            "description": "The routine, with its id.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Routine"
                }
              }
            },
            "headers": {
              "Location": {
                "schema": {
                  "type": "string"
                },
                "description": "`/api/v1/routines/{id}`"
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/routines/order": {
      "put": {
        "operationId": "reorderRoutines",
        "summary": "Put the routines listed first, in that order.",
        "tags": [
          "routines"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ReorderRequest"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Routine"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/routines/{id}": {
      "get": {
        "operationId": "showRoutine",
        "summary": "A routine.",
        "tags": [
          "routines"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A routine's id."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Routine"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "patch": {
        "operationId": "updateRoutine",
        "summary": "Change the fields given.",
        "tags": [
          "routines"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A routine's id."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RoutineUpdate"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Routine"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "delete": {
        "operationId": "deleteRoutine",
        "summary": "Delete a routine; its habits stay.",
        "tags": [
          "routines"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A routine's id."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RoutineDeletion"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/routines/{id}/habits": {
      "post": {
        "operationId": "addRoutineHabit",
        "summary": "Move a habit into the routine (out of any other).",
        "tags": [
          "routines"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A routine's id."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RoutineHabitMove"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Routine"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/routines/{id}/habits/{habit}": {
      "delete": {
        "operationId": "removeRoutineHabit",
        "summary": "Take a habit out of the routine (it is kept).",
        "tags": [
          "routines"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A routine's id."
          },
          {
            "name": "habit",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Routine"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/reminders": {
      "get": {
        "operationId": "upcomingReminders",
        "summary": "Each enabled reminder of each active habit with its next firing instants.",
        "tags": [
          "reminders"
        ],
        "parameters": [
          {
            "name": "count",
            "in": "query",
            "schema": {
              "type": "integer",
              "format": "int64",
              "minimum": 1,
              "maximum": 50,
              "default": 3
            },
            "description": "Instants per reminder."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/UpcomingReminder"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits/{id}/reminders": {
      "get": {
        "operationId": "listReminders",
        "summary": "A habit's reminders.",
        "tags": [
          "reminders"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Reminder"
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "post": {
        "operationId": "createReminder",
        "summary": "Add a reminder to a habit.",
        "tags": [
          "reminders"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ReminderInput"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "201": {
            "description": "The reminder, with its id.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Reminder"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "put": {
        "operationId": "replaceReminders",
        "summary": "Replace all of a habit's reminders.",
        "tags": [
          "reminders"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/ReminderInput"
                },
                "maxItems": 20
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Reminder"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/habits/{id}/reminders/{reminder}": {
      "delete": {
        "operationId": "deleteReminder",
        "summary": "Delete a reminder.",
        "tags": [
          "reminders"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A habit's id (an id that is not the user's is 404)."
          },
          {
            "name": "reminder",
            "in": "path",
            "schema": {
              "type": "string",
              "format": "uuid"
            },
            "required": true,
            "description": "A reminder's id."
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done."
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/settings": {
      "get": {
        "operationId": "settings",
        "summary": "The user's settings and today by them.",
        "tags": [
          "settings"
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Settings"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      },
      "put": {
        "operationId": "updateSettings",
        "summary": "Change the settings given.",
        "tags": [
          "settings"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SettingsUpdate"
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Settings"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/import": {
      "post": {
        "operationId": "importData",
        "summary": "Import a file (format recognised by its content, as `tend import`).",
        "tags": [
          "data"
        ],
        "description": "At most 256 MiB. A failed import changes nothing; with `dryRun` nothing changes.",
        "parameters": [
          {
            "name": "dryRun",
            "in": "query",
            "schema": {
              "type": "boolean",
              "default": false
            },
            "description": "Only report what would change."
          },
          {
            "name": "filename",
            "in": "query",
            "schema": {
              "type": "string",
              "maxLength": 255
            },
            "description": "The file's name (a hint for the format)."
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/octet-stream": {
              "schema": {
                "type": "string",
                "contentMediaType": "application/octet-stream"
              }
            },
            "application/json": {
              "schema": {
                "type": "object",
                "description": "A Tend JSON export."
              },
              "examples": {
                "tend": {
                  "summary": "Tend JSON",
                  "value": {
                    "format": "tend",
                    "version": 1,
                    "habits": [
                      {
                        "id": "6F1C2A4E-3B5D-4E7F-8A9B-0C1D2E3F4A5B",
                        "name": "Imported",
                        "createdOn": "2025-01-01",
                        "entries": [
                          {
                            "day": "2025-01-02",
                            "value": 1,
                            "isSkipped": false
                          }
                        ]
                      }
                    ]
                  }
                }
              }
            },
            "text/csv": {
              "schema": {
                "type": "string"
              },
              "examples": {
                "tend": {
                  "summary": "Tend CSV",
                  "value": "record,habit_id,habit,emoji,color,kind,type,target,unit,schedule,routine_time,reminders,archived,order,created_on,notes,day,value,skipped,note\nhabit,3d7a1c52-9e4b-4f0a-8c6d-2b1e5f7a9c30,Imported from CSV,✅,blue,good,checkmark,1,,daily,anytime,,false,0,2025-01-01,,,,,\nentry,3d7a1c52-9e4b-4f0a-8c6d-2b1e5f7a9c30,Imported from CSV,,,,,,,,,,,,,,2025-01-02,1,false,\n"
                }
              }
            }
          }
        },
        "security": [
          {
            "bearer": []
          },
          {
            "session": [],
            "csrf": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ImportReport"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "413": {
            "$ref": "#/components/responses/TooLarge"
          },
          "422": {
            "$ref": "#/components/responses/Invalid"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    },
    "/api/v1/export": {
      "get": {
        "operationId": "export",
        "summary": "Everything the user owns, as a file.",
        "tags": [
          "data"
        ],
        "parameters": [
          {
            "name": "format",
            "in": "query",
            "schema": {
              "type": "string",
              "enum": [
                "json",
                "csv",
                "loop-csv"
              ],
              "default": "json"
            }
          }
        ],
        "security": [
          {
            "bearer": []
          },
          {
            "session": []
          }
        ],
        "responses": {
          "200": {
            "description": "The file, as an attachment.",
            "headers": {
              "Content-Disposition": {
                "schema": {
                  "type": "string"
                },
                "description": "`attachment; filename=\"…\"`"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "description": "Tend JSON (complete)."
                }
              },
              "text/csv": {
                "schema": {
                  "type": "string"
                }
              },
              "application/zip": {
                "schema": {
                  "type": "string",
                  "contentMediaType": "application/zip"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "500": {
            "$ref": "#/components/responses/Internal"
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearer": {
        "type": "http",
        "scheme": "bearer",
        "description": "An API token from `POST /api/v1/tokens`."
      },
      "session": {
        "type": "apiKey",
        "in": "cookie",
        "name": "tend_session",
        "description": "The browser session from `POST /api/v1/session` (`__Host-tend_session` over TLS)."
      },
      "csrf": {
        "type": "apiKey",
        "in": "header",
        "name": "X-CSRF-Token",
        "description": "The session's CSRF token: every change made with the session cookie carries it (or a `_csrf` form field)."
      }
    },
    "schemas": {
      "Problem": {
        "type": "object",
        "properties": {
          "type": {
            "type": "string",
            "description": "Always `about:blank`: the status says what kind of problem it is.",
            "const": "about:blank"
          },
          "title": {
            "type": "string",
            "description": "The status's reason phrase."
          },
          "status": {
            "type": "integer",
            "format": "int64",
            "minimum": 400,
            "maximum": 599
          },
          "detail": {
            "type": "string",
            "description": "What went wrong with this request, in words a person can act on."
          },
          "code": {
            "type": "string",
            "description": "A stable machine-readable tag.",
            "enum": [
              "bad-request",
              "unauthorized",
              "forbidden",
              "csrf",
              "not-found",
              "conflict",
              "too-large",
              "invalid",
              "rate-limited",
              "internal",
              "method-not-allowed",
              "unsupported-media-type"
            ]
          }
        },
        "required": [
          "type",
          "title",
          "status",
          "detail",
          "code"
        ],
        "additionalProperties": false,
        "description": "An RFC 9457 problem body."
      },
      "Day": {
        "type": "string",
        "format": "date",
        "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
        "description": "A civil day, `YYYY-MM-DD` (years 0001 to 9999).",
        "examples": [
          "2025-06-15"
        ]
      },
      "DayQuery": {
        "type": "string",
        "anyOf": [
          {
            "format": "date",
            "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
          },
          {
            "pattern": "^([Tt][Oo][Dd][Aa][Yy]|[Yy][Ee][Ss][Tt][Ee][Rr][Dd][Aa][Yy]|[Tt][Oo][Mm][Oo][Rr][Rr][Oo][Ww])$"
          }
        ],
        "description": "A day, `YYYY-MM-DD`, or `today`, `yesterday`, `tomorrow` (the user's, any case)."
      },
      "TimeOfDay": {
        "type": "string",
        "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
        "description": "A wall-clock time, `HH:mm`."
      },
      "TimeOfDayInput": {
        "type": "string",
        "pattern": "^([01]?[0-9]|2[0-3]):[0-5][0-9]$",
        "description": "A wall-clock time, `HH:mm` or `H:mm` (24-hour clock)."
      },
      "Weekday": {
        "type": "string",
        "enum": [
          "sun",
          "mon",
          "tue",
          "wed",
          "thu",
          "fri",
          "sat"
        ]
      },
      "WeekdayInput": {
        "type": "string",
        "pattern": "^([Ss][Uu]([Nn]([Dd]([Aa]([Yy])?)?)?)?|[Mm][Oo]([Nn]([Dd]([Aa]([Yy])?)?)?)?|[Tt][Uu]([Ee]([Ss]([Dd]([Aa]([Yy])?)?)?)?)?|[Ww][Ee]([Dd]([Nn]([Ee]([Ss]([Dd]([Aa]([Yy])?)?)?)?)?)?)?|[Tt][Hh]([Uu]([Rr]([Ss]([Dd]([Aa]([Yy])?)?)?)?)?)?|[Ff][Rr]([Ii]([Dd]([Aa]([Yy])?)?)?)?|[Ss][Aa]([Tt]([Uu]([Rr]([Dd]([Aa]([Yy])?)?)?)?)?)?)$",
        "description": "A weekday: its code (`mon`), its English name (`monday`) or a prefix of it of at least two letters, any case."
      },
      "HabitColor": {
        "type": "string",
        "enum": [
          "red",
          "orange",
          "yellow",
          "green",
          "mint",
          "teal",
          "cyan",
          "blue",
          "indigo",
          "purple",
          "pink",
          "brown",
          "gray"
        ]
      },
      "HabitKind": {
        "type": "string",
        "enum": [
          "good",
          "bad"
        ],
        "description": "`good`: reach the target; `bad`: stay at or under it."
      },
      "HabitType": {
        "type": "string",
        "enum": [
          "checkmark",
          "count",
          "duration"
        ],
        "description": "A duration is in seconds."
      },
      "RoutineTime": {
        "type": "string",
        "enum": [
          "morning",
          "day",
          "evening",
          "anytime"
        ]
      },
      "DayStatus": {
        "type": "string",
        "enum": [
          "notDue",
          "met",
          "skipped",
          "satisfied",
          "pending",
          "missed"
        ]
      },
      "Schedule": {
        "oneOf": [
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "daily"
              }
            },
            "required": [
              "type"
            ],
            "additionalProperties": false
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "weekdays"
              },
              "weekdays": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Weekday"
                },
                "uniqueItems": true
              }
            },
            "required": [
              "type",
              "weekdays"
            ],
            "additionalProperties": false
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "daysOfMonth"
              },
              "days": {
                "type": "array",
                "items": {
                  "type": "integer",
                  "format": "int64",
                  "minimum": 1,
                  "maximum": 31
                },
                "uniqueItems": true
              }
            },
            "required": [
              "type",
              "days"
            ],
            "additionalProperties": false
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "everyNDays"
              },
              "interval": {
                "type": "integer",
                "format": "int64"
              },
              "start": {
                "$ref": "#/components/schemas/Day"
              }
            },
            "required": [
              "type",
              "interval",
              "start"
            ],
            "additionalProperties": false
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "timesPerWeek"
              },
              "times": {
                "type": "integer",
                "format": "int64"
              }
            },
            "required": [
              "type",
              "times"
            ],
            "additionalProperties": false
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "timesPerMonth"
              },
              "times": {
                "type": "integer",
                "format": "int64"
              }
            },
            "required": [
              "type",
              "times"
            ],
            "additionalProperties": false
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "timesInDays"
              },
              "times": {
                "type": "integer",
                "format": "int64"
              },
              "days": {
                "type": "integer",
                "format": "int64"
              }
            },
            "required": [
              "type",
              "times",
              "days"
            ],
            "additionalProperties": false
          }
        ],
        "description": "When a habit is due (TendCore's wire format)."
      },
      "ScheduleInput": {
        "oneOf": [
          {
            "type": "string",
            "description": "The CLI's text form: `daily`, `mon,wed,fri`, `days 1,15`, `every 3 days`, `3/week`, `2/month`, `3 in 7 days`.",
            "examples": [
              "3/week",
              "mon,wed,fri"
            ]
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "daily"
              }
            },
            "required": [
              "type"
            ],
            "additionalProperties": true
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "weekdays"
              },
              "weekdays": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/WeekdayInput"
                },
                "uniqueItems": true,
                "minItems": 1
              }
            },
            "required": [
              "type",
              "weekdays"
            ],
            "additionalProperties": true
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "daysOfMonth"
              },
              "days": {
                "type": "array",
                "items": {
                  "type": "integer",
                  "format": "int64",
                  "minimum": 1,
                  "maximum": 31
                },
                "uniqueItems": true,
                "minItems": 1
              }
            },
            "required": [
              "type",
              "days"
            ],
            "additionalProperties": true
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "everyNDays"
              },
              "interval": {
                "type": "integer",
                "format": "int64",
                "minimum": 1,
                "maximum": 365
              },
              "start": {
                "$ref": "#/components/schemas/Day"
              }
            },
            "required": [
              "type",
              "interval",
              "start"
            ],
            "additionalProperties": true
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "timesPerWeek"
              },
              "times": {
                "type": "integer",
                "format": "int64",
                "minimum": 1,
                "maximum": 7
              }
            },
            "required": [
              "type",
              "times"
            ],
            "additionalProperties": true
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "timesPerMonth"
              },
              "times": {
                "type": "integer",
                "format": "int64",
                "minimum": 1,
                "maximum": 31
              }
            },
            "required": [
              "type",
              "times"
            ],
            "additionalProperties": true
          },
          {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "timesInDays"
              },
              "times": {
                "type": "integer",
                "format": "int64",
                "minimum": 1,
                "maximum": 365
              },
              "days": {
                "type": "integer",
                "format": "int64",
                "minimum": 1,
                "maximum": 365
              }
            },
            "required": [
              "type",
              "times",
              "days"
            ],
            "additionalProperties": true
          }
        ],
        "description": "A schedule as TendCore's object or the CLI's text form (unknown keys of the object are ignored)."
      },
      "Reminder": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "format": "uuid"
          },
          "time": {
            "$ref": "#/components/schemas/TimeOfDay"
          },
          "weekdays": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Weekday"
            },
            "uniqueItems": true,
            "description": "Empty: every day."
          },
          "message": {
            "type": "string",
            "maxLength": 200
          },
          "isEnabled": {
            "type": "boolean"
          }
        },
        "required": [
          "id",
          "time",
          "weekdays",
          "isEnabled"
        ],
        "additionalProperties": false
      },
      "ReminderInput": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "format": "uuid",
            "description": "Kept when given (a new one otherwise)."
          },
          "time": {
            "$ref": "#/components/schemas/TimeOfDayInput"
          },
          "weekdays": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/WeekdayInput"
            },
            "description": "Empty or absent: every day."
          },
          "message": {
            "type": "string",
            "maxLength": 200
          },
          "isEnabled": {
            "type": "boolean",
            "description": "Default true."
          }
        },
        "required": [
          "time"
        ],
        "additionalProperties": true,
        "description": "A reminder as a client sends it (unknown keys are ignored)."
      },
      "Habit": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "format": "uuid"
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100
          },
          "emoji": {
            "type": "string",
            "description": "One emoji."
          },
          "color": {
            "$ref": "#/components/schemas/HabitColor"
          },
          "notes": {
            "type": "string",
            "maxLength": 10000
          },
          "kind": {
            "$ref": "#/components/schemas/HabitKind"
          },
          "type": {
            "$ref": "#/components/schemas/HabitType"
          },
          "target": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Per day: 1 (good checkmark), 0 (bad checkmark), a count, or seconds."
          },
          "unit": {
            "type": "string",
            "maxLength": 30
          },
          "schedule": {
            "$ref": "#/components/schemas/Schedule"
          },
          "routineTime": {
            "$ref": "#/components/schemas/RoutineTime"
          },
          "reminders": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Reminder"
            },
            "maxItems": 20
          },
          "isArchived": {
            "type": "boolean"
          },
          "order": {
            "type": "integer",
            "format": "int64"
          },
          "createdOn": {
            "$ref": "#/components/schemas/Day"
          }
        },
        "required": [
          "id",
          "name",
          "emoji",
          "color",
          "notes",
          "kind",
          "type",
          "target",
          "unit",
          "schedule",
          "routineTime",
          "reminders",
          "isArchived",
          "order",
          "createdOn"
        ],
        "additionalProperties": false,
        "description": "A habit (TendCore's wire format)."
      },
      "HabitUpdate": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100,
            "description": "One line, not only spaces."
          },
          "emoji": {
            "type": "string",
            "minLength": 1,
            "description": "Exactly one emoji."
          },
          "color": {
            "$ref": "#/components/schemas/HabitColor"
          },
          "notes": {
            "type": "string",
            "maxLength": 10000
          },
          "kind": {
            "$ref": "#/components/schemas/HabitKind"
          },
          "type": {
            "$ref": "#/components/schemas/HabitType"
          },
          "target": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Its range depends on kind and type (good checkmark 1, bad checkmark 0, count up to 1,000,000, duration up to 86,400 s). Changing kind or type without a target resets it to the default."
          },
          "unit": {
            "type": "string",
            "maxLength": 30
          },
          "schedule": {
            "$ref": "#/components/schemas/ScheduleInput"
          },
          "routineTime": {
            "$ref": "#/components/schemas/RoutineTime"
          },
          "reminders": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ReminderInput"
            },
            "maxItems": 20,
            "description": "Replaces the habit's reminders."
          },
          "isArchived": {
            "type": "boolean"
          }
        },
        "additionalProperties": true,
        "description": "The attributes to change; the others stay (unknown keys are ignored)."
      },
      "HabitCreate": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100,
            "description": "One line, not only spaces."
          },
          "emoji": {
            "type": "string",
            "minLength": 1,
            "description": "Exactly one emoji."
          },
          "color": {
            "$ref": "#/components/schemas/HabitColor"
          },
          "notes": {
            "type": "string",
            "maxLength": 10000
          },
          "kind": {
            "$ref": "#/components/schemas/HabitKind"
          },
          "type": {
            "$ref": "#/components/schemas/HabitType"
          },
          "target": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 1000000,
            "description": "Its range depends on kind and type (good checkmark 1, bad checkmark 0, count up to 1,000,000, duration up to 86,400 s). Changing kind or type without a target resets it to the default."
          },
          "unit": {
            "type": "string",
            "maxLength": 30
          },
          "schedule": {
            "$ref": "#/components/schemas/ScheduleInput"
          },
          "routineTime": {
            "$ref": "#/components/schemas/RoutineTime"
          },
          "reminders": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ReminderInput"
            },
            "maxItems": 20,
            "description": "Replaces the habit's reminders."
          },
          "isArchived": {
            "type": "boolean"
          },
          "createdOn": {
            "$ref": "#/components/schemas/Day",
            "description": "The day its history starts (default: the user's today)."
          }
        },
        "required": [
          "name"
        ],
        "additionalProperties": true,
        "description": "`name` alone makes a daily good checkmark; any attribute may be given (unknown keys are ignored).",
        "examples": [
          {
            "name": "Read"
          },
          {
            "name": "Water",
            "emoji": "💧",
            "color": "teal",
            "type": "count",
            "target": 8,
            "unit": "glasses",
            "schedule": "3/week",
            "routineTime": "morning",
            "reminders": [
              {
                "time": "07:30",
                "weekdays": [
                  "mon",
                  "fri"
                ]
              }
            ]
          }
        ]
      },
      "Entry": {
        "type": "object",
        "properties": {
          "day": {
            "$ref": "#/components/schemas/Day"
          },
          "value": {
            "type": "integer",
            "format": "int64",
            "minimum": 0
          },
          "isSkipped": {
            "type": "boolean"
          },
          "note": {
            "type": "string"
          }
        },
        "required": [
          "day",
          "value",
          "isSkipped"
        ],
        "additionalProperties": false,
        "description": "What is recorded on one day (`note` only when there is one)."
      },
      "DayUpdate": {
        "type": "object",
        "properties": {
          "value": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 1000000000,
            "description": "A good checkmark's value is 0 or 1."
          },
          "skip": {
            "type": "boolean",
            "description": "A skipped day has no value."
          },
          "note": {
            "type": "string",
            "maxLength": 10000,
            "description": "`\"\"` clears the note."
          }
        },
        "additionalProperties": true,
        "description": "Any of a value, a skip mark and a note (at least one).",
        "anyOf": [
          {
            "required": [
              "value"
            ]
          },
          {
            "required": [
              "skip"
            ]
          },
          {
            "required": [
              "note"
            ]
          }
        ]
      },
      "IncrementRequest": {
        "type": "object",
        "properties": {
          "by": {
            "type": "integer",
            "format": "int64",
            "minimum": -1000000000,
            "maximum": 1000000000,
            "description": "Default 1; negative decrements."
          }
        },
        "additionalProperties": true
      },
      "ReorderRequest": {
        "type": "object",
        "properties": {
          "ids": {
            "type": "array",
            "items": {
              "type": "string",
              "format": "uuid"
            },
            "uniqueItems": true,
            "description": "These first, in this order; the rest keep theirs."
          }
        },
        "required": [
          "ids"
        ],
        "additionalProperties": true
      },
      "Routine": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "format": "uuid"
          },
          "name": {
            "type": "string"
          },
          "start": {
            "$ref": "#/components/schemas/TimeOfDay"
          },
          "weekdays": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Weekday"
            },
            "uniqueItems": true
          },
          "color": {
            "$ref": "#/components/schemas/HabitColor"
          },
          "habitIDs": {
            "type": "array",
            "items": {
              "type": "string",
              "format": "uuid"
            }
          },
          "order": {
            "type": "integer",
            "format": "int64"
          }
        },
        "required": [
          "id",
          "name",
          "start",
          "weekdays",
          "color",
          "habitIDs",
          "order"
        ],
        "additionalProperties": false,
        "description": "A routine (TendCore's wire format)."
      },
      "RoutineUpdate": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100
          },
          "start": {
            "$ref": "#/components/schemas/TimeOfDayInput"
          },
          "weekdays": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/WeekdayInput"
            },
            "minItems": 1
          },
          "color": {
            "$ref": "#/components/schemas/HabitColor"
          },
          "habitIDs": {
            "type": "array",
            "items": {
              "type": "string",
              "format": "uuid"
            },
            "uniqueItems": true,
            "description": "The user's habits, in the order they are done."
          }
        },
        "additionalProperties": true,
        "description": "The fields to change (unknown keys are ignored)."
      },
      "RoutineCreate": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100
          },
          "start": {
            "$ref": "#/components/schemas/TimeOfDayInput"
          },
          "weekdays": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/WeekdayInput"
            },
            "minItems": 1
          },
          "color": {
            "$ref": "#/components/schemas/HabitColor"
          },
          "habitIDs": {
            "type": "array",
            "items": {
              "type": "string",
              "format": "uuid"
            },
            "uniqueItems": true,
            "description": "The user's habits, in the order they are done."
          }
        },
        "required": [
          "name"
        ],
        "additionalProperties": true,
        "description": "`name` is required; the rest defaults to every day at 07:00 (unknown keys are ignored).",
        "examples": [
          {
            "name": "Morning",
            "start": "06:30",
            "weekdays": [
              "mon",
              "tue",
              "wed",
              "thu",
              "fri"
            ]
          }
        ]
      },
      "RoutineHabitMove": {
        "type": "object",
        "properties": {
          "habit": {
            "type": "string",
            "format": "uuid"
          },
          "at": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "description": "0-based position (default: last)."
          }
        },
        "required": [
          "habit"
        ],
        "additionalProperties": true
      },
      "RoutineDeletion": {
        "type": "object",
        "properties": {
          "message": {
            "type": "string"
          },
          "detachedHabits": {
            "type": "array",
            "items": {
              "type": "string"
            }
          }
        },
        "required": [
          "message",
          "detachedHabits"
        ],
        "additionalProperties": false
      },
      "Today": {
        "type": "object",
        "properties": {
          "day": {
            "$ref": "#/components/schemas/Day"
          },
          "current": {
            "$ref": "#/components/schemas/RoutineTime"
          },
          "score": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0,
            "maximum": 1
          },
          "groups": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "routineTime": {
                  "$ref": "#/components/schemas/RoutineTime"
                },
                "routine": {
                  "description": "Set for the group of a routine's habits: routines come first, in start-time order, each with its habits in the routine's order; the habits in no routine follow by routine time.",
                  "type": "object",
                  "properties": {
                    "id": { "type": "string", "format": "uuid" },
                    "name": { "type": "string" },
                    "start": { "type": "string", "pattern": "^[0-9]{2}:[0-9]{2}$" }
                  },
                  "required": ["id", "name", "start"],
                  "additionalProperties": false
                },
                "habits": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {
                      "id": {
                        "type": "string",
                        "format": "uuid"
                      },
                      "name": {
                        "type": "string"
                      },
                      "emoji": {
                        "type": "string"
                      },
                      "status": {
                        "$ref": "#/components/schemas/DayStatus"
                      },
                      "value": {
                        "type": "integer",
                        "format": "int64"
                      },
                      "target": {
                        "type": "integer",
                        "format": "int64"
                      },
                      "unit": {
                        "type": "string"
                      },
                      "type": {
                        "$ref": "#/components/schemas/HabitType"
                      },
                      "kind": {
                        "$ref": "#/components/schemas/HabitKind"
                      },
                      "progress": {
                        "type": "number",
                        "format": "double",
                        "minimum": 0,
                        "maximum": 1
                      },
                      "period": {
                        "description": "An 'N per week/month' or 'X in Y days' habit's met days in the period containing the day, through the day ('1 of 3 this week'); absent for fixed schedules.",
                        "type": "object",
                        "properties": {
                          "done": { "type": "integer", "minimum": 0 },
                          "quota": { "type": "integer", "minimum": 1 },
                          "period": { "type": "string", "enum": ["week", "month", "days"] },
                          "length": { "type": "integer", "minimum": 1 }
                        },
                        "required": ["done", "quota", "period", "length"],
                        "additionalProperties": false
                      }
                    },
                    "required": [
                      "id",
                      "name",
                      "emoji",
                      "status",
                      "value",
                      "target",
                      "unit",
                      "type",
                      "kind",
                      "progress"
                    ],
                    "additionalProperties": false
                  }
                }
              },
              "required": [
                "routineTime",
                "habits"
              ],
              "additionalProperties": false
            }
          }
        },
        "required": [
          "day",
          "current",
          "score",
          "groups"
        ],
        "additionalProperties": false,
        "description": "The keys of `tend today --json`."
      },
      "DayScore": {
        "type": "object",
        "properties": {
          "day": {
            "$ref": "#/components/schemas/Day"
          },
          "score": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0,
            "maximum": 1,
            "description": "`null` when nothing was due."
          }
        },
        "required": [
          "day",
          "score"
        ],
        "additionalProperties": false
      },
      "Stats": {
        "type": "object",
        "properties": {
          "habit": {
            "type": "string",
            "format": "uuid"
          },
          "name": {
            "type": "string"
          },
          "asOf": {
            "$ref": "#/components/schemas/Day"
          },
          "score": {
            "type": "number",
            "format": "double",
            "minimum": 0,
            "maximum": 1
          },
          "currentStreak": {
            "type": "integer",
            "format": "int64",
            "minimum": 0
          },
          "bestStreak": {
            "type": "integer",
            "format": "int64",
            "minimum": 0
          },
          "completionRate7": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0,
            "maximum": 1
          },
          "completionRate30": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0,
            "maximum": 1
          },
          "completionRate365": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0,
            "maximum": 1
          },
          "totalDaysMet": {
            "type": "integer",
            "format": "int64",
            "minimum": 0
          },
          "totalCheckIns": {
            "type": "integer",
            "format": "int64",
            "minimum": 0
          },
          "totalValue": {
            "type": "integer",
            "format": "int64"
          },
          "skippedDays": {
            "type": "integer",
            "format": "int64",
            "minimum": 0
          },
          "weekdays": {
            "type": "object",
            "properties": {
              "sun": {
                "type": "integer",
                "format": "int64",
                "minimum": 0
              },
              "mon": {
                "type": "integer",
                "format": "int64",
                "minimum": 0
              },
              "tue": {
                "type": "integer",
                "format": "int64",
                "minimum": 0
              },
              "wed": {
                "type": "integer",
                "format": "int64",
                "minimum": 0
              },
              "thu": {
                "type": "integer",
                "format": "int64",
                "minimum": 0
              },
              "fri": {
                "type": "integer",
                "format": "int64",
                "minimum": 0
              },
              "sat": {
                "type": "integer",
                "format": "int64",
                "minimum": 0
              }
            },
            "required": [
              "sun",
              "mon",
              "tue",
              "wed",
              "thu",
              "fri",
              "sat"
            ],
            "additionalProperties": false,
            "description": "Days with a value, by weekday."
          }
        },
        "required": [
          "habit",
          "name",
          "asOf",
          "score",
          "currentStreak",
          "bestStreak",
          "completionRate7",
          "completionRate30",
          "completionRate365",
          "totalDaysMet",
          "totalCheckIns",
          "totalValue",
          "skippedDays",
          "weekdays"
        ],
        "additionalProperties": false,
        "description": "The keys of `tend stats --json`; rates are `null` when no day could be judged."
      },
      "DayCell": {
        "type": "object",
        "properties": {
          "day": {
            "$ref": "#/components/schemas/Day"
          },
          "status": {
            "$ref": "#/components/schemas/DayStatus"
          },
          "value": {
            "type": "integer",
            "format": "int64"
          },
          "progress": {
            "type": "number",
            "format": "double",
            "minimum": 0,
            "maximum": 1
          },
          "letter": {
            "type": "string"
          },
          "isInMonth": {
            "type": "boolean"
          },
          "isFuture": {
            "type": "boolean"
          }
        },
        "required": [
          "day",
          "status",
          "value",
          "progress",
          "letter",
          "isInMonth",
          "isFuture"
        ],
        "additionalProperties": false
      },
      "Tip": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "enum": [
              "addFirstHabit",
              "manageHabit",
              "buildRoutine",
              "skipInsteadOfBreaking",
              "habitStacking",
              "twoMinuteRule",
              "makeItObvious",
              "neverMissTwice",
              "celebrateStreak"
            ]
          },
          "kind": {
            "type": "string",
            "enum": [
              "guidance",
              "suggestion"
            ]
          },
          "title": {
            "type": "string"
          },
          "message": {
            "type": "string"
          },
          "applies": {
            "type": "boolean"
          },
          "retired": {
            "type": "boolean"
          }
        },
        "required": [
          "id",
          "kind",
          "title",
          "message",
          "applies",
          "retired"
        ],
        "additionalProperties": false
      },
      "UpcomingReminder": {
        "type": "object",
        "properties": {
          "habit": {
            "type": "string",
            "format": "uuid"
          },
          "name": {
            "type": "string"
          },
          "reminder": {
            "$ref": "#/components/schemas/Reminder"
          },
          "next": {
            "type": "array",
            "items": {
              "type": "string",
              "format": "date-time"
            }
          }
        },
        "required": [
          "habit",
          "name",
          "reminder",
          "next"
        ],
        "additionalProperties": false
      },
      "Settings": {
        "type": "object",
        "properties": {
          "timeZone": {
            "type": "string",
            "description": "An IANA zone."
          },
          "dayStartHour": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 23
          },
          "firstWeekday": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 1,
            "maximum": 7,
            "description": "1 = Sunday; `null`: the locale's."
          },
          "locale": {
            "type": "string"
          },
          "today": {
            "$ref": "#/components/schemas/Day"
          }
        },
        "required": [
          "timeZone",
          "dayStartHour",
          "firstWeekday",
          "locale",
          "today"
        ],
        "additionalProperties": false
      },
      "SettingsUpdate": {
        "type": "object",
        "properties": {
          "timeZone": {
            "type": "string",
            "description": "An IANA zone name (`Europe/Berlin`)."
          },
          "dayStartHour": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 23
          },
          "firstWeekday": {
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 7,
            "description": "1 = Sunday … 7 = Saturday; 0: the locale's."
          },
          "locale": {
            "type": "string",
            "minLength": 1,
            "maxLength": 40,
            "pattern": "^[A-Za-z0-9_@=-]+$"
          }
        },
        "additionalProperties": true,
        "description": "The fields given change; all are checked before any is kept (unknown keys are ignored)."
      },
      "Account": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "format": "uuid"
          },
          "username": {
            "type": "string"
          },
          "role": {
            "type": "string",
            "enum": [
              "owner",
              "member"
            ]
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "id",
          "username",
          "role",
          "createdAt"
        ],
        "additionalProperties": false
      },
      "SignUpRequest": {
        "type": "object",
        "properties": {
          "username": {
            "type": "string",
            "minLength": 1,
            "maxLength": 64,
            "pattern": "^[A-Za-z0-9._-]+$"
          },
          "password": {
            "type": "string",
            "minLength": 8,
            "description": "8 characters to 1,024 bytes."
          },
          "invite": {
            "type": "string",
            "description": "An owner's invite code (needed unless registration is open)."
          },
          "timeZone": {
            "type": "string",
            "description": "An IANA zone name (default UTC)."
          }
        },
        "required": [
          "username",
          "password"
        ],
        "additionalProperties": true
      },
      "TokenRequest": {
        "type": "object",
        "properties": {
          "username": {
            "type": "string"
          },
          "password": {
            "type": "string"
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100,
            "description": "One line: the device's name."
          }
        },
        "required": [
          "username",
          "password",
          "name"
        ],
        "additionalProperties": true
      },
      "LoginRequest": {
        "type": "object",
        "properties": {
          "username": {
            "type": "string"
          },
          "password": {
            "type": "string"
          }
        },
        "required": [
          "username",
          "password"
        ],
        "additionalProperties": true
      },
      "NewToken": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "format": "uuid"
          },
          "name": {
            "type": "string"
          },
          "token": {
            "type": "string",
            "description": "The secret, shown only now."
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "id",
          "name",
          "token",
          "createdAt"
        ],
        "additionalProperties": false
      },
      "Token": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "format": "uuid"
          },
          "name": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "lastUsedAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "current": {
            "type": "boolean",
            "description": "The token this request was made with."
          }
        },
        "required": [
          "id",
          "name",
          "createdAt",
          "lastUsedAt",
          "current"
        ],
        "additionalProperties": false
      },
      "Session": {
        "type": "object",
        "properties": {
          "account": {
            "$ref": "#/components/schemas/Account"
          },
          "csrfToken": {
            "type": "string",
            "description": "Send it as `X-CSRF-Token` with every change made with the cookie."
          },
          "expiresAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "account",
          "csrfToken"
        ],
        "additionalProperties": false
      },
      "Invite": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "format": "uuid"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "expiresAt": {
            "type": "string",
            "format": "date-time"
          },
          "used": {
            "type": "boolean"
          },
          "code": {
            "type": "string",
            "description": "Only in the answer to `POST /api/v1/invites`."
          }
        },
        "required": [
          "id",
          "createdAt",
          "expiresAt",
          "used"
        ],
        "additionalProperties": false
      },
      "PasswordChange": {
        "type": "object",
        "properties": {
          "current": {
            "type": "string"
          },
          "new": {
            "type": "string",
            "minLength": 8,
            "description": "8 characters to 1,024 bytes."
          }
        },
        "required": [
          "current",
          "new"
        ],
        "additionalProperties": true
      },
      "AccountDeletion": {
        "type": "object",
        "properties": {
          "password": {
            "type": "string"
          }
        },
        "required": [
          "password"
        ],
        "additionalProperties": true
      },
      "ImportReport": {
        "type": "object",
        "properties": {
          "format": {
            "type": "string",
            "enum": [
              "tendJSON",
              "tendCSV",
              "loopDatabase",
              "loopCSVZip"
            ]
          },
          "dryRun": {
            "type": "boolean"
          },
          "habitsAdded": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "habitsMerged": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "entriesAdded": {
            "type": "integer",
            "format": "int64",
            "minimum": 0
          },
          "entriesUnchanged": {
            "type": "integer",
            "format": "int64",
            "minimum": 0
          },
          "entriesKept": {
            "type": "integer",
            "format": "int64",
            "minimum": 0
          },
          "entriesSkipped": {
            "type": "integer",
            "format": "int64",
            "minimum": 0
          },
          "routinesAdded": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "routinesMerged": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "settingsApplied": {
            "type": "boolean"
          },
          "adjustments": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "skipped": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "kept": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "changeCount": {
            "type": "integer",
            "format": "int64",
            "minimum": 0
          }
        },
        "required": [
          "format",
          "dryRun",
          "habitsAdded",
          "habitsMerged",
          "entriesAdded",
          "entriesUnchanged",
          "entriesKept",
          "entriesSkipped",
          "routinesAdded",
          "routinesMerged",
          "settingsApplied",
          "adjustments",
          "skipped",
          "kept",
          "changeCount"
        ],
        "additionalProperties": false,
        "description": "The keys of `tend import --json`."
      },
      "Health": {
        "type": "object",
        "properties": {
          "status": {
            "type": "string",
            "const": "ok"
          }
        },
        "required": [
          "status"
        ],
        "additionalProperties": false
      }
    },
    "responses": {
      "BadRequest": {
        "description": "Malformed JSON, a value of the wrong type, a missing required key, a day that does not exist, or a bad query parameter (`bad-request`).",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            }
          }
        }
      },
      "Unauthorized": {
        "description": "No credentials, or a revoked, expired or unknown token or session, or a wrong username or password (`unauthorized`).",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            }
          }
        },
        "headers": {
          "WWW-Authenticate": {
            "schema": {
              "type": "string",
              "const": "Bearer"
            }
          }
        }
      },
      "Forbidden": {
        "description": "Not allowed: see the operation; a change made with the session cookie without its CSRF token is `csrf`.",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            }
          }
        }
      },
      "NotFound": {
        "description": "No such id among the user's (`not-found`).",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            }
          }
        }
      },
      "Conflict": {
        "description": "The name is already taken (`conflict`).",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            }
          }
        }
      },
      "TooLarge": {
        "description": "The body is larger than the route accepts (`too-large`).",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            }
          }
        }
      },
      "Invalid": {
        "description": "Well-formed input that breaks a rule (`invalid`).",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            }
          }
        }
      },
      "RateLimited": {
        "description": "Too many sign-in attempts from this address or for this account (`rate-limited`).",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            }
          }
        },
        "headers": {
          "Retry-After": {
            "schema": {
              "type": "integer",
              "format": "int64",
              "minimum": 1
            },
            "description": "Seconds to wait."
          }
        }
      },
      "Internal": {
        "description": "A bug or an unavailable database (`internal`); the details are only in the server's log.",
        "content": {
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            }
          }
        }
      }
    }
  }
}
"""#
}
