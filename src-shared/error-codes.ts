// The one table of wire failure codes (JSON-RPC's own and protocol 1's refusals).
export const ErrorCodes = {
  ParseError: -32700, // the line is not JSON
  InvalidRequest: -32600, // JSON, but not a message (arrays too); an oversize line
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ServiceNotDeclared: -32001, // data.service names it
  ToolNotInstalled: -32002,
  PermissionMissing: -32003, // data.permission names it
  NotAvailable: -32004,
  CommandRefused: -32010, // sent by tools only
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
