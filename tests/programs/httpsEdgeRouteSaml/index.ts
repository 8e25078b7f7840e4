// A one-resource program for the engine-path test of HttpsEdgeRouteSaml: every argument comes
// from stack config, so each step of the test is a real program run with other config.
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";
import { HttpsEdgeRouteSaml } from "pulumi-ngrok-dynamic";

const config = new pulumi.Config();

export const sso = new HttpsEdgeRouteSaml("sso", {
  edgeId: config.require("edgeId"),
  routeId: config.require("routeId"),
  idpMetadata: fs.readFileSync(config.require("idpMetadataPath"), "utf8"),
  forceAuthn: config.getBoolean("forceAuthn"),
  authorizedGroups: config.getObject<string[]>("authorizedGroups"),
  inactivityTimeout: config.getNumber("inactivityTimeout"),
  adoptExisting: config.getBoolean("adoptExisting"),
});
