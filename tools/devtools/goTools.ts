/**
 * The Go toolchain, as the project's Go tools use it: `tools/devtools/go/pulumi-cli/` (the Pulumi CLI) and
 * `tools/devtools/go/pulumi-yaml/` (the YAML language host; both `npm run pulumi:install`), `tools/devtools/go/sdkgen/` (the SDKs, `npm run sdks`) and
 * `tools/devtools/go/go-sdk-check/` (a program on the generated Go SDK), and the Go example
 * (`examples/go-automation/`). Each is a Go module of its own, with its go.mod and go.sum committed.
 *
 * All of them compile with the same flags ({@link GO_FLAGS}, no cgo), and each requires the
 * versions of `tools/devtools/go/pulumi-cli/go.mod` for the modules it shares with the CLI: Go's build cache
 * reuses a compiled package only when its flags and its dependencies' versions are the same, so
 * after the CLI's cold build the others compile little more than their own code.
 *
 * @module
 */
import { spawnSync } from "node:child_process";

/**
 * The flags of every Go command the project runs, passed in `GOFLAGS` by {@link goEnv}: go.mod and
 * go.sum read only (a build never rewrites them), no VCS stamping, and Pulumi's release build flags
 * (`-trimpath`, the `osusergo` and `grpcnotrace` tags), with which the CLI is built.
 */
export const GO_FLAGS: readonly string[] = [
  "-mod=readonly",
  "-buildvcs=false",
  "-trimpath",
  "-tags=osusergo,grpcnotrace",
];

/**
 * Go's environment for the project's Go modules: the one checksum-database exemption the module
 * proxy needs, {@link GO_FLAGS}, no cgo.
 */
export function goEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    ...env,
    // The module proxy serves pulumi/pkg/v3, but the checksum database has no entry for it;
    // exempt that module path only (go.sum still pins its hashes).
    GONOSUMDB: "github.com/pulumi/pulumi/pkg",
    GOFLAGS: GO_FLAGS.join(" "),
    CGO_ENABLED: "0",
  };
}

/** What `go version` prints (`go version go1.26.8 linux/amd64`), or `undefined` without Go. */
export function goVersion(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const result = spawnSync("go", ["version"], { env, encoding: "utf8", timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() : undefined;
}
