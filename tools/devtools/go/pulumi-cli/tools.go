//go:build tools

// Package tools pins the Pulumi CLI that the project's tests, demo and bench run.
// Nothing here is imported by the package; tools/scripts/install-pulumi-cli.sh builds it.
package tools

import (
	_ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
)
