//go:build tools

// Package tools pins Pulumi's YAML language host (pulumi-language-yaml), which runs the YAML
// programs of examples/ with the plain CLI. Nothing here is imported by the package;
// tools/scripts/installPulumiCli.ts (npm run pulumi:install) builds it beside the CLI.
//
// A module of its own, apart from tools/devtools/go/pulumi-cli/: pulumi-yaml v1.25.0, the newest release the
// Go module proxy serves, does not compile against the CLI's pulumi/pkg/v3 (v3.276.0; nor v3.248.0):
// its pkg/pulumiyaml/packages.go passes a plugin.Host to schema.NewPluginLoader, which takes a
// *plugin.Context now, and calls plugin.NewContextWithRoot with 13 arguments, where it takes 12. So
// it builds on the pkg/v3 and sdk/v3 its release requires (v3.206.0), and the CLI's versions stay
// as tools/devtools/go/pulumi-cli/ pins them. Its other dependencies are at tools/devtools/go/pulumi-cli/'s versions
// (`go mod tidy` keeps them), and it compiles with the CLI's flags (tools/devtools/goTools.ts), so Go's
// build cache serves it what the CLI's build compiled of them (gRPC, protobuf, OpenTelemetry, x/net…).
package tools

import (
	_ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
)
