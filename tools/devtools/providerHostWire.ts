/**
 * The wire side of {@link ProviderHost} (`providerHost.ts`): the generated gRPC stubs of the
 * program's own `@pulumi/pulumi`, loaded from its directory, and the URN, name and type the engine
 * puts on every resource request.
 *
 * @module
 */
import * as path from "node:path";

/* The generated stubs of @pulumi/pulumi, loaded from the program's copy (see loadProto). */
export type ProviderPb = typeof import("@pulumi/pulumi/proto/provider_pb");
export type ProviderGrpcPb = typeof import("@pulumi/pulumi/proto/provider_grpc_pb");
export type StatusPb = typeof import("@pulumi/pulumi/proto/status_pb");
export type Grpc = typeof import("@grpc/grpc-js");
export type StructPb = typeof import("google-protobuf/google/protobuf/struct_pb");
export type EmptyPb = typeof import("google-protobuf/google/protobuf/empty_pb");
/** `urn:pulumi:<stack>::<project>::<type>::<name>`, the form the engine gives URNs. */
export function makeUrn(stack: string, project: string, type: string, name: string): string {
  return `urn:pulumi:${stack}::${project}::${type}::${name}`;
}

/** Sets the URN, name and type the engine puts on every resource request. */
export function address(
  req: {
    setUrn(urn: string): unknown;
    setName(name: string): unknown;
    setType(type: string): unknown;
  },
  urn: string,
): void {
  req.setUrn(urn);
  req.setName(nameOf(urn));
  req.setType(typeOf(urn));
}

function nameOf(urn: string): string {
  return urn.split("::").pop() ?? "";
}

function typeOf(urn: string): string {
  return urn.split("::")[2] ?? "";
}

/**
 * Loads gRPC and the generated stubs from the `@pulumi/pulumi` that the program at `cwd`
 * resolves (the copy the engine would run, and the one whose gRPC the stubs use), and finds its
 * plugin script.
 */
export function loadProto(cwd: string): {
  pb: ProviderPb;
  grpcPb: ProviderGrpcPb;
  statusPb: StatusPb;
  structPb: StructPb;
  emptyPb: EmptyPb;
  grpc: Grpc;
  plugin: string;
} {
  const pulumiRoot = path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [cwd] }));
  const fromPulumi = (id: string) => require.resolve(id, { paths: [pulumiRoot] });
  return {
    structPb: require(fromPulumi("google-protobuf/google/protobuf/struct_pb")) as StructPb,
    emptyPb: require(fromPulumi("google-protobuf/google/protobuf/empty_pb")) as EmptyPb,
    pb: require(fromPulumi("@pulumi/pulumi/proto/provider_pb")) as ProviderPb,
    grpcPb: require(fromPulumi("@pulumi/pulumi/proto/provider_grpc_pb")) as ProviderGrpcPb,
    statusPb: require(fromPulumi("@pulumi/pulumi/proto/status_pb")) as StatusPb,
    grpc: require(fromPulumi("@grpc/grpc-js")) as Grpc,
    plugin: path.join(pulumiRoot, "pulumi-resource-pulumi-nodejs"),
  };
}

/**
 * An error from a Create or Update that the host turned into `ErrorResourceInitFailed`: the
 * object exists (`id`) and the engine records it with `properties`.
 */
export class ResourceInitFailed extends Error {
  constructor(
    message: string,
    public readonly id: string,
    public readonly properties: Record<string, unknown>,
    public readonly reasons: string[],
  ) {
    super(message);
    this.name = "ResourceInitFailed";
  }
}
