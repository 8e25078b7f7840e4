// Command go-automation deploys ngrok SSH certificates and a SAML module with the generated Go SDK
// (sdks/go) and the provider plugin (pulumi-resource-ngrok-dynamic on PATH), as a Pulumi
// Automation API inline program: the program below runs inside this process, so no Go language
// host is needed, only the `pulumi` CLI.
//
//	go-automation <up|preview|refresh|destroy|outputs> [flags]
//
// It declares an SSH certificate authority, a host certificate and a user certificate signed by
// it, and the SAML module of an existing HTTPS edge route. ngrok deprecated HTTPS edges on
// 2025-12-31: accounts without edges get ERR_NGROK_7008 from the edge endpoints, so the SAML
// module needs an account that still has its edge and route (or the emulator), and is left out
// when -edge-id and -route-id were never given.
//
// Each command prints one JSON object on stdout (the command, the change summary, the stack's
// outputs) and the engine's progress on stderr; it exits 1 when the operation fails, with the
// error in the JSON. The state is kept in a local file backend under -dir, its secrets encrypted
// with the passphrase in PULUMI_CONFIG_PASSPHRASE; flags given once are kept in the stack's
// config (under -dir) for the next commands.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pulumi-ngrok-dynamic/pulumi-ngrok-dynamic/sdks/go/ngrokdynamic"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// project is the Pulumi project the inline program belongs to; its config keys are
// `ngrok-go-automation:<key>`.
const project = "ngrok-go-automation"

// program declares the resources. Its inputs come from the stack's config, which main sets from
// the command line.
func program(ctx *pulumi.Context) error {
	cfg := config.New(ctx, "")
	description := cfg.Get("description")
	if description == "" {
		description = "go-automation example"
	}

	ca, err := ngrokdynamic.NewSshCertificateAuthority(ctx, "ca", &ngrokdynamic.SshCertificateAuthorityArgs{
		PrivateKeyType: ngrokdynamic.PrivateKeyTypeEd25519,
		Description:    pulumi.String(description),
	})
	if err != nil {
		return err
	}
	host, err := ngrokdynamic.NewSshHostCertificate(ctx, "host", &ngrokdynamic.SshHostCertificateArgs{
		SshCertificateAuthorityId: ca.ID().ToStringOutput(),
		PublicKey:                 pulumi.String(cfg.Require("hostPublicKey")),
		Principals:                pulumi.StringArray{pulumi.String("host.example.com")},
		Description:               pulumi.String(description),
	})
	if err != nil {
		return err
	}
	user, err := ngrokdynamic.NewSshUserCertificate(ctx, "user", &ngrokdynamic.SshUserCertificateArgs{
		SshCertificateAuthorityId: ca.ID().ToStringOutput(),
		PublicKey:                 pulumi.String(cfg.Require("userPublicKey")),
		Principals:                pulumi.StringArray{pulumi.String("deploy")},
		Extensions:                pulumi.StringMap{"permit-pty": pulumi.String("")},
		Description:               pulumi.String(description),
	})
	if err != nil {
		return err
	}

	ctx.Export("caId", ca.ID())
	ctx.Export("caPublicKey", ca.PublicKey)
	ctx.Export("caKeyType", ca.KeyType)
	ctx.Export("caDescription", ca.Description)
	ctx.Export("hostCertificateId", host.ID())
	ctx.Export("hostCertificate", host.Certificate)
	ctx.Export("hostPrincipals", host.Principals)
	ctx.Export("hostDescription", host.Description)
	ctx.Export("userCertificateId", user.ID())
	ctx.Export("userCertificate", user.Certificate)
	ctx.Export("userPrincipals", user.Principals)
	ctx.Export("userExtensions", user.Extensions)
	ctx.Export("userDescription", user.Description)

	// HTTPS edges are deprecated (ngrok, 2025-12-31; ERR_NGROK_7008 where they are gone): the
	// SAML module is declared only for an edge and route that still exist.
	edgeID, routeID := cfg.Get("edgeId"), cfg.Get("routeId")
	if edgeID == "" || routeID == "" {
		return nil
	}
	saml, err := ngrokdynamic.NewHttpsEdgeRouteSaml(ctx, "sso", &ngrokdynamic.HttpsEdgeRouteSamlArgs{
		EdgeId:            pulumi.String(edgeID),
		RouteId:           pulumi.String(routeID),
		IdpMetadata:       pulumi.String(cfg.Require("idpMetadata")),
		AuthorizedGroups:  pulumi.StringArray{pulumi.String("engineering")},
		InactivityTimeout: pulumi.Int(3600),
	})
	if err != nil {
		return err
	}
	ctx.Export("samlEntityId", saml.EntityId)
	ctx.Export("samlAssertionConsumerServiceUrl", saml.AssertionConsumerServiceUrl)
	ctx.Export("samlMetadataUrl", saml.MetadataUrl)
	ctx.Export("samlAuthorizedGroups", saml.AuthorizedGroups)
	return nil
}

// options are the command line's flags.
type options struct {
	command         string
	stack           string
	dir             string
	apiBaseURL      string
	description     string
	edgeID          string
	routeID         string
	idpMetadata     string
	hostPublicKey   string
	userPublicKey   string
	expectNoChanges bool
	remove          bool
	showSecrets     bool
}

// report is what a command prints on stdout.
type report struct {
	Command       string         `json:"command"`
	Stack         string         `json:"stack"`
	OK            bool           `json:"ok"`
	Error         string         `json:"error,omitempty"`
	ChangeSummary map[string]int `json:"changeSummary,omitempty"`
	Outputs       map[string]any `json:"outputs,omitempty"`
}

const usage = `usage: go-automation <up|preview|refresh|destroy|outputs> [flags]

Environment: PULUMI_CONFIG_PASSPHRASE (required: encrypts the stack's secrets), NGROK_API_KEY
(stored in the stack's config as a secret when set), NGROK_API_BASE_URL (like -api-base-url).
The pulumi CLI and pulumi-resource-ngrok-dynamic must be on PATH.

Flags (go-automation <command> -h):
`

func parse(args []string) (options, error) {
	var o options
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return o, errors.New("missing command")
	}
	o.command = args[0]
	switch o.command {
	case "up", "preview", "refresh", "destroy", "outputs":
	default:
		return o, fmt.Errorf("unknown command %q", o.command)
	}
	flags := flag.NewFlagSet(o.command, flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	flags.StringVar(&o.stack, "stack", "dev", "the stack's name")
	flags.StringVar(&o.dir, "dir", ".pulumi-go-automation", "where the state (backend/) and the stack's config (workspace/) are kept")
	flags.StringVar(&o.apiBaseURL, "api-base-url", os.Getenv("NGROK_API_BASE_URL"), "ngrok's API base URL (ngrok-dynamic:apiBaseUrl); default https://api.ngrok.com")
	flags.StringVar(&o.description, "description", "", "the description of the CA and both certificates")
	flags.StringVar(&o.edgeID, "edge-id", "", "the HTTPS edge (edghts_…) whose route gets the SAML module")
	flags.StringVar(&o.routeID, "route-id", "", "the route (edghtsrt_…) that gets the SAML module")
	flags.StringVar(&o.idpMetadata, "idp-metadata", "", "a file holding the identity provider's SAML metadata")
	flags.StringVar(&o.hostPublicKey, "host-public-key", "", "a file holding the host's OpenSSH public key")
	flags.StringVar(&o.userPublicKey, "user-public-key", "", "a file holding the user's OpenSSH public key")
	flags.BoolVar(&o.expectNoChanges, "expect-no-changes", false, "up, preview, refresh: fail if anything would change")
	flags.BoolVar(&o.remove, "remove", false, "destroy: remove the stack afterwards")
	flags.BoolVar(&o.showSecrets, "show-secrets", false, "print secret outputs in plaintext")
	if err := flags.Parse(args[1:]); err != nil {
		var help strings.Builder
		flags.SetOutput(&help)
		flags.PrintDefaults()
		return o, fmt.Errorf("%w\n%s%s", err, usage, help.String())
	}
	if flags.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments: %v", flags.Args())
	}
	return o, nil
}

// configValues are the stack config values the flags and the environment set.
func configValues(o options) (auto.ConfigMap, error) {
	values := auto.ConfigMap{}
	if key := os.Getenv("NGROK_API_KEY"); key != "" {
		values["ngrok-dynamic:apiKey"] = auto.ConfigValue{Value: key, Secret: true}
	}
	if o.apiBaseURL != "" {
		values["ngrok-dynamic:apiBaseUrl"] = auto.ConfigValue{Value: o.apiBaseURL}
	}
	plain := map[string]string{
		"description": o.description,
		"edgeId":      o.edgeID,
		"routeId":     o.routeID,
	}
	files := map[string]string{
		"idpMetadata":   o.idpMetadata,
		"hostPublicKey": o.hostPublicKey,
		"userPublicKey": o.userPublicKey,
	}
	for key, file := range files {
		if file == "" {
			continue
		}
		content, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		plain[key] = strings.TrimSpace(string(content))
	}
	for key, value := range plain {
		if value != "" {
			values[project+":"+key] = auto.ConfigValue{Value: value}
		}
	}
	return values, nil
}

// openStack creates or selects the stack of the inline program, with its project and stack
// config kept under -dir and its state in the file backend there.
func openStack(ctx context.Context, o options) (auto.Stack, error) {
	if os.Getenv("PULUMI_CONFIG_PASSPHRASE") == "" && os.Getenv("PULUMI_CONFIG_PASSPHRASE_FILE") == "" {
		return auto.Stack{}, errors.New("set PULUMI_CONFIG_PASSPHRASE: the passphrase that encrypts the stack's secrets")
	}
	dir, err := filepath.Abs(o.dir)
	if err != nil {
		return auto.Stack{}, err
	}
	backend, workDir := filepath.Join(dir, "backend"), filepath.Join(dir, "workspace")
	for _, d := range []string{backend, workDir} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return auto.Stack{}, err
		}
	}
	stack, err := auto.UpsertStackInlineSource(ctx, o.stack, project, program,
		auto.WorkDir(workDir),
		auto.Project(workspace.Project{
			Name:    project,
			Runtime: workspace.NewProjectRuntimeInfo("go", nil),
			Backend: &workspace.ProjectBackend{URL: "file://" + filepath.ToSlash(backend)},
		}),
		auto.SecretsProvider("passphrase"),
	)
	if err != nil {
		return stack, err
	}
	values, err := configValues(o)
	if err != nil {
		return stack, err
	}
	if len(values) > 0 {
		if err := stack.SetAllConfig(ctx, values); err != nil {
			return stack, err
		}
	}
	return stack, nil
}

// outputs are the stack's outputs as plain values, secrets masked unless -show-secrets.
func outputs(o options, all auto.OutputMap) map[string]any {
	result := map[string]any{}
	for name, output := range all {
		if output.Secret && !o.showSecrets {
			result[name] = "[secret]"
		} else {
			result[name] = output.Value
		}
	}
	return result
}

func changes[K ~string](summary map[K]int) map[string]int {
	result := map[string]int{}
	for op, count := range summary {
		result[string(op)] = count
	}
	return result
}

func run(ctx context.Context, o options, r *report) error {
	stack, err := openStack(ctx, o)
	if err != nil {
		return err
	}
	progress := os.Stderr
	switch o.command {
	case "up":
		opts := []optup.Option{optup.ProgressStreams(progress), optup.Color("never")}
		if o.expectNoChanges {
			opts = append(opts, optup.ExpectNoChanges())
		}
		result, err := stack.Up(ctx, opts...)
		if err != nil {
			return err
		}
		if result.Summary.ResourceChanges != nil {
			r.ChangeSummary = changes(*result.Summary.ResourceChanges)
		}
		r.Outputs = outputs(o, result.Outputs)
	case "preview":
		opts := []optpreview.Option{optpreview.ProgressStreams(progress), optpreview.Color("never")}
		if o.expectNoChanges {
			opts = append(opts, optpreview.ExpectNoChanges())
		}
		result, err := stack.Preview(ctx, opts...)
		if err != nil {
			return err
		}
		r.ChangeSummary = changes(result.ChangeSummary)
	case "refresh":
		opts := []optrefresh.Option{optrefresh.ProgressStreams(progress), optrefresh.Color("never")}
		if o.expectNoChanges {
			opts = append(opts, optrefresh.ExpectNoChanges())
		}
		result, err := stack.Refresh(ctx, opts...)
		if err != nil {
			return err
		}
		if result.Summary.ResourceChanges != nil {
			r.ChangeSummary = changes(*result.Summary.ResourceChanges)
		}
		all, err := stack.Outputs(ctx)
		if err != nil {
			return err
		}
		r.Outputs = outputs(o, all)
	case "destroy":
		opts := []optdestroy.Option{optdestroy.ProgressStreams(progress), optdestroy.Color("never")}
		if o.remove {
			opts = append(opts, optdestroy.Remove())
		}
		result, err := stack.Destroy(ctx, opts...)
		if err != nil {
			return err
		}
		if result.Summary.ResourceChanges != nil {
			r.ChangeSummary = changes(*result.Summary.ResourceChanges)
		}
	case "outputs":
		all, err := stack.Outputs(ctx)
		if err != nil {
			return err
		}
		r.Outputs = outputs(o, all)
	}
	return nil
}

func main() {
	o, err := parse(os.Args[1:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "go-automation: %v\n", err)
		if !strings.Contains(err.Error(), "usage:") {
			fmt.Fprint(os.Stderr, usage)
		}
		os.Exit(2)
	}
	r := report{Command: o.command, Stack: o.stack, OK: true}
	if err := run(context.Background(), o, &r); err != nil {
		r.OK, r.Error = false, err.Error()
	}
	encoder := json.NewEncoder(os.Stdout)
	encoder.SetIndent("", "  ")
	if err := encoder.Encode(r); err != nil {
		fmt.Fprintf(os.Stderr, "go-automation: %v\n", err)
		os.Exit(1)
	}
	if !r.OK {
		os.Exit(1)
	}
}
