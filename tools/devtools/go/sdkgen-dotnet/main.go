// Command sdkgen-dotnet generates the package's .NET SDK from its Pulumi package schema with
// Pulumi's own .NET code generator, run as a Go library: tools/devtools/go/sdkgen does the other languages.
//
//	go run . -schema ../../../../schema.json -out <dir>
//
// It binds the schema (every bind diagnostic fails the run) and writes the SDK into <dir>/dotnet/,
// replacing what was there.
//
// Why a module of its own, pinned to pkg/v3 v3.225.1 while everything else is on the CLI's release
// (tools/devtools/go/pulumi-cli/go.mod): Pulumi moved the .NET generator out of pkg/v3 into
// github.com/pulumi/pulumi-dotnet/pulumi-language-dotnet/v3 (its copy in pkg/v3 deprecated and
// frozen by pulumi/pulumi#21720, then deleted by #22435: v3.229.0 and later, up to v3.276.0 at
// least, have no codegen/dotnet), and the Go module proxy refuses that module (403). v3.225.1 is
// the newest pkg/v3 the proxy serves that still holds it.
//
// The generator downloads the package's logo (the schema's logoUrl, else Pulumi's logo on GitHub)
// into the SDK as logo.png. Offline that fails, so this program answers that one request itself
// with a plain 64×64 placeholder; any other request fails.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/blang/semver"
	dotnetgen "github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool is the name the generator writes into each file's "do not edit" header.
const tool = "pulumi-ngrok-dynamic sdkgen-dotnet"

// defaultLogo is the logo the generator fetches when the schema has no logoUrl.
const defaultLogo = "https://raw.githubusercontent.com/pulumi/pulumi/dbc96206bec722b7791a22ff50e895ab7c0abdc0/sdk/dotnet/pulumi_logo_64x64.png"

// logoTransport answers the generator's logo download with a placeholder PNG.
type logoTransport struct{}

func (logoTransport) RoundTrip(request *http.Request) (*http.Response, error) {
	if request.URL.String() != defaultLogo {
		return nil, fmt.Errorf("sdkgen-dotnet makes no network request (asked for %s)", request.URL)
	}
	placeholder := image.NewGray(image.Rect(0, 0, 64, 64))
	for i := range placeholder.Pix {
		placeholder.Pix[i] = color.Gray{Y: 0xe0}.Y
	}
	var body bytes.Buffer
	if err := png.Encode(&body, placeholder); err != nil {
		return nil, err
	}
	return &http.Response{
		StatusCode: http.StatusOK,
		Header:     http.Header{"Content-Type": {"image/png"}},
		Body:       io.NopCloser(&body),
		Request:    request,
	}, nil
}

// noLoader answers every package lookup with an error: the schema references no other package.
type noLoader struct{}

var errNoLoader = errors.New("the ngrok-dynamic schema references no other package")

func (noLoader) LoadPackage(string, *semver.Version) (*schema.Package, error) {
	return nil, errNoLoader
}

func (noLoader) LoadPackageV2(context.Context, *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, errNoLoader
}

func run() error {
	schemaPath := flag.String("schema", "schema.json", "the package schema")
	out := flag.String("out", "", "the folder to write dotnet/ into")
	flag.Parse()
	if *out == "" {
		return errors.New("-out is required")
	}
	started := time.Now()
	raw, err := os.ReadFile(*schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return fmt.Errorf("%s: %w", *schemaPath, err)
	}
	if spec.LogoURL != "" {
		return errors.New("the schema has a logoUrl: serve that file here instead of the placeholder")
	}
	pkg, diags, err := schema.BindSpec(spec, noLoader{}, schema.ValidationOptions{})
	if err != nil {
		return fmt.Errorf("binding %s: %w", *schemaPath, err)
	}
	if len(diags) > 0 {
		lines := make([]string, 0, len(diags))
		for _, d := range diags {
			lines = append(lines, "  "+d.Error())
		}
		return fmt.Errorf("binding %s: %d diagnostic(s):\n%s", *schemaPath, len(diags), strings.Join(lines, "\n"))
	}
	http.DefaultTransport = logoTransport{}
	files, err := dotnetgen.GeneratePackage(tool, pkg, map[string][]byte{}, nil)
	if err != nil {
		return fmt.Errorf("dotnet: %w", err)
	}
	dir := filepath.Join(*out, "dotnet")
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, content := range files {
		target := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, content, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("sdkgen: dotnet: %d files in %s (%s)\n", len(files), dir, time.Since(started).Round(time.Millisecond))
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen-dotnet: %v\n", err)
		os.Exit(1)
	}
}
