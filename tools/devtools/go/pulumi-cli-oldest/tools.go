//go:build tools

// Package tools pins the oldest Pulumi CLI that the provider plugin is tested with, v3.4.0
// (2021-06): tests/automation/pluginOldestCli.automation.test.ts runs the plugin's resources
// through it. Nothing here is imported by the package; tools/scripts/installPulumiCli.ts
// (npm run pulumi:install) builds it into the cache beside the pinned CLI.
//
// Why v3.4.0: CLIs before 3.132 send no `type` in the resource requests (the plugin reads it from
// the URN then). Built here with Go 1.26 (2026-11-28): v3.4.0, v3.60.0 and v3.131.0 build, and
// v3.0.0 too with gocloud.dev in place of its fork (below); v3.106.0 does not, because the github.com/pgavlin/text it requires
// (v0.0.0-20230428184845-84c285f11d2f, as from v3.70.0 to v3.129.0) links
// internal/bytealg.MaxLen, which Go 1.23 and later refuse. v3.0.0 to v3.2.0 replace gocloud.dev by
// github.com/pulumi/go-cloud, which the checksum database does not know; v3.3.0 and v3.5.0 are not
// served. v3.4.0 is the oldest that builds as released with only pkg exempted from the checksum
// database, and the Automation API, which runs the test's program, accepts it (its minimum is
// 3.2.0).
//
// go.mod repeats the replace line of pulumi/pkg v3.4.0's own go.mod (Go ignores a dependency's
// replace lines) and pins pkg and sdk to the release, as tools/devtools/go/pulumi-cli/ does.
package tools

import (
	_ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
)
