/**
 * The plugin's errors as gRPC statuses: the message, without the API key and without the call's
 * secret inputs' texts (`provider/common/secretInputs`), and for a create or
 * update that ngrok answered but that failed afterwards, the `ErrorResourceInitFailed` detail
 * (`sdk/proto/provider.proto`) the engine reads to record the object anyway, its saved
 * properties keeping their secret marks (`./secrets`).
 *
 * @module
 */
import * as grpc from "@grpc/grpc-js";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { ResourceInitFailedError } from "../provider";
import { withoutSecrets } from "../provider/client/log";
import { redactSecretText } from "../provider/common/secretInputs";
import { toStruct } from "./properties";
import { errorSecretTexts, secretPropertiesOf } from "./secrets";

/** A gRPC error for `error`: an `ErrorResourceInitFailed` when the object exists. */
export function grpcError(error: unknown): grpc.ServiceError {
  const texts = errorSecretTexts(error);
  const clean = (text: string) => redactSecretText(withoutSecrets(text), texts);
  const message = clean(error instanceof Error ? error.message : String(error));
  const metadata = new grpc.Metadata();
  if (ResourceInitFailedError.isInstance(error)) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(toStruct(error.properties ?? {}, secretPropertiesOf(error)));
    detail.setReasonsList((error.reasons ?? []).map(clean));
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return Object.assign(new Error(message), {
    code: grpc.status.UNKNOWN,
    details: message,
    metadata,
  });
}
