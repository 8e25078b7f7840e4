// Command sdkgen generates the package's SDKs from its Pulumi package schema with Pulumi's own
// code generators, run as Go libraries (github.com/pulumi/pulumi/pkg/v3/codegen/...): no language
// plugin and no `pulumi package gen-sdk` needed (the module proxy refuses the language plugins).
//
//	go run . -schema ../../../../schema.json -out <dir> [-languages nodejs,python,go] [-check]
//	         [-go-pulumi-sdk v3.274.0 -go-version 1.26.6]
//
// It binds the schema (every bind diagnostic, warning or error, fails the run), then writes each
// language's SDK into <dir>/<language>/, replacing what was there. It prints one line per language:
// the number of files and the time taken.
//
// The Go SDK's go.mod requires github.com/pulumi/pulumi/sdk/v3 at the version the generator
// writes (the generator's own default, v3.269.0 in pkg/v3 3.276.0), unless -go-pulumi-sdk names
// the version to require and -go-version the go line (npm run sdks passes the oldest release the
// SDK is tested on, GO_PULUMI_SDK_FLOOR in tools/scripts/pulumiFloors.ts, and the go line of that
// sdk/v3 release), so that `go mod tidy` in a program using the SDK never picks an untested Pulumi
// Go SDK.
//
// With -check it writes nothing: it lists each file of <dir>/<language>/ that differs from what
// would be generated ("stale: ", "missing: ", "extra: ") and exits 1 if there is any: the stale
// check of the committed Go SDK (sdks/go).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"golang.org/x/mod/modfile"
)

// tool is the name the generators write into each file's "do not edit" header.
const tool = "pulumi-ngrok-dynamic sdkgen"

// generators: each takes a freshly bound package (the generators record language info on it).
var generators = map[string]func(pkg *schema.Package) (map[string][]byte, error){
	"nodejs": func(pkg *schema.Package) (map[string][]byte, error) {
		return nodejsgen.GeneratePackage(tool, pkg, map[string][]byte{}, nil, false, noLoader{})
	},
	"python": func(pkg *schema.Package) (map[string][]byte, error) {
		return pythongen.GeneratePackage(tool, pkg, map[string][]byte{}, noLoader{})
	},
	"go": func(pkg *schema.Package) (map[string][]byte, error) {
		return gogen.GeneratePackage(tool, pkg, nil)
	},
}

// noLoader answers every package lookup with an error: the schema references no other package,
// so the generators never need one (they ask only for a schema's `dependencies`).
type noLoader struct{}

var errNoLoader = errors.New("the ngrok-dynamic schema references no other package")

func (noLoader) LoadPackage(string, *semver.Version) (*schema.Package, error) {
	return nil, errNoLoader
}
func (noLoader) LoadPackageV2(context.Context, *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, errNoLoader
}
func (noLoader) LoadPackageReference(string, *semver.Version) (schema.PackageReference, error) {
	return nil, errNoLoader
}
func (noLoader) LoadPackageReferenceV2(
	context.Context, *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, errNoLoader
}

// pulumiSDK is the module the Go SDK's go.mod requires.
const pulumiSDK = "github.com/pulumi/pulumi/sdk/v3"

// pinGoMod rewrites the generated go.mod: it requires pulumiSDK at version, with goVersion as its
// go line.
func pinGoMod(content []byte, version, goVersion string) ([]byte, error) {
	file, err := modfile.Parse("go.mod", content, nil)
	if err != nil {
		return nil, err
	}
	if err := file.AddGoStmt(goVersion); err != nil {
		return nil, err
	}
	if err := file.AddRequire(pulumiSDK, version); err != nil {
		return nil, err
	}
	file.Cleanup()
	return modfile.Format(file.Syntax), nil
}

// bind reads and binds the schema; any diagnostic is an error.
func bind(schemaPath string) (*schema.Package, error) {
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", schemaPath, err)
	}
	// A nil loader panics; the null loader fails only if asked for another package.
	pkg, diags, err := schema.BindSpec(spec, schema.NewNullLoader(), schema.ValidationOptions{})
	if err != nil {
		return nil, fmt.Errorf("binding %s: %w", schemaPath, err)
	}
	if len(diags) > 0 {
		lines := make([]string, 0, len(diags))
		for _, d := range diags {
			lines = append(lines, "  "+d.Error())
		}
		return nil, fmt.Errorf("binding %s: %d diagnostic(s):\n%s", schemaPath, len(diags), strings.Join(lines, "\n"))
	}
	return pkg, nil
}

// compare lists how dir differs from files, as "stale: ", "missing: " and "extra: " lines.
func compare(dir string, files map[string][]byte) ([]string, error) {
	var found []string
	present := map[string]bool{}
	err := filepath.WalkDir(dir, func(file string, entry os.DirEntry, err error) error {
		if err != nil || entry.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, file)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(rel)
		present[name] = true
		wanted, ok := files[name]
		if !ok {
			found = append(found, "extra: "+filepath.Join(dir, rel))
			return nil
		}
		current, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		if !bytes.Equal(current, wanted) {
			found = append(found, "stale: "+filepath.Join(dir, rel))
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for name := range files {
		if !present[name] {
			found = append(found, "missing: "+filepath.Join(dir, filepath.FromSlash(name)))
		}
	}
	sort.Strings(found)
	return found, nil
}

// write replaces dir with files.
func write(dir string, files map[string][]byte) error {
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
	return nil
}

func run() error {
	schemaPath := flag.String("schema", "schema.json", "the package schema")
	out := flag.String("out", "", "the folder to write <language>/ folders into")
	languages := flag.String("languages", "nodejs,python,go", "comma-separated languages")
	check := flag.Bool("check", false, "write nothing; list the files that differ and fail if any")
	goPulumiSDK := flag.String("go-pulumi-sdk", "", "the "+pulumiSDK+" version the Go SDK's go.mod requires")
	goVersion := flag.String("go-version", "", "the go line of the Go SDK's go.mod (with -go-pulumi-sdk)")
	flag.Parse()
	if *out == "" {
		return errors.New("-out is required")
	}
	if (*goPulumiSDK == "") != (*goVersion == "") {
		return errors.New("-go-pulumi-sdk and -go-version go together")
	}
	if _, err := bind(*schemaPath); err != nil {
		return err
	}
	stale := false
	for _, language := range strings.Split(*languages, ",") {
		generate, ok := generators[language]
		if !ok {
			known := make([]string, 0, len(generators))
			for name := range generators {
				known = append(known, name)
			}
			sort.Strings(known)
			return fmt.Errorf("unknown language %q (known: %s)", language, strings.Join(known, ", "))
		}
		started := time.Now()
		pkg, err := bind(*schemaPath)
		if err != nil {
			return err
		}
		files, err := generate(pkg)
		if err != nil {
			return fmt.Errorf("%s: %w", language, err)
		}
		if goMod, ok := files["go.mod"]; ok && language == "go" && *goPulumiSDK != "" {
			if files["go.mod"], err = pinGoMod(goMod, *goPulumiSDK, *goVersion); err != nil {
				return fmt.Errorf("%s: go.mod: %w", language, err)
			}
		}
		dir := filepath.Join(*out, language)
		if *check {
			differences, err := compare(dir, files)
			if err != nil {
				return fmt.Errorf("%s: %w", language, err)
			}
			for _, line := range differences {
				fmt.Println(line)
			}
			if len(differences) > 0 {
				stale = true
			}
			continue
		}
		if err := write(dir, files); err != nil {
			return fmt.Errorf("%s: %w", language, err)
		}
		fmt.Printf("sdkgen: %s: %d files in %s (%s)\n", language, len(files), dir,
			time.Since(started).Round(time.Millisecond))
	}
	if stale {
		return errors.New("generated SDK files are stale: run `npm run sdks` and commit the result")
	}
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen: %v\n", err)
		os.Exit(1)
	}
}
