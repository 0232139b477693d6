export { createCustomerClient, createPartnerClient, type CustomerClient, type PartnerClient } from "./client.js";
export {
  ApiConnectionError,
  ApiError,
  AuthenticationError,
  ConflictError,
  IdempotencyError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  ValidationError,
  type ErrorEnvelope,
} from "./runtime/errors.js";
export { items, pages } from "./runtime/pagination.js";
export { DEFAULT_RETRY_POLICY, type RetryMode, type RetryPolicy } from "./runtime/retry.js";
export { SseParser, type SseMessage } from "./runtime/sse.js";
export {
  followSessionStream,
  type SessionDetails,
  type SessionEventEnvelope,
  type SessionEventType,
  type SessionStreamEnvelope,
  type SessionStreamOptions,
  type SnapshotEnvelope,
  type StreamResetEnvelope,
} from "./runtime/stream.js";
export {
  newIdempotencyKey,
  Transport,
  type ApiResult,
  type CallOptions,
  type ClientOptions,
  type Credential,
  type OperationSpec,
} from "./runtime/transport.js";
export {
  isKnownCompletionEvent,
  isKnownEvent,
  sign,
  verify,
  verifyCompletionEvent,
  WebhookVerificationError,
  type CompletionEvent,
  type UnknownCompletionEvent,
  type UnknownWebhookEvent,
  type VerifyOptions,
  type WebhookEvent,
} from "./runtime/webhooks.js";
export type * as V1 from "./generated/v1.operations.js";
export type * as PartnerV1 from "./generated/partner-v1.operations.js";
export type {
  components as V1Components,
  operations as V1Operations,
  paths as V1Paths,
} from "./generated/v1.schema.js";
export type {
  components as PartnerV1Components,
  operations as PartnerV1Operations,
  paths as PartnerV1Paths,
} from "./generated/partner-v1.schema.js";
