//go:build tools

// Package tools pins Pulumi's YAML language host (pulumi-language-yaml), which runs the YAML
// programs of examples/ with the plain CLI. Nothing here is imported by the package;
// scripts/installPulumiCli.ts (npm run pulumi:install) builds it beside the CLI.
//
// A module of its own, apart from tools/pulumi-cli/, so that the language host builds with the
// dependencies its release was tested with and the CLI's versions stay as that module pins them.
package tools

import (
	_ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
)
