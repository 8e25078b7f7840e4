// One HttpsEdgeRouteSaml whose name, aliases and parent come from stack config, so that a test can
// rename it, move it into a component, or declare a second one on the same route, and check that
// the route keeps its module exactly while the state has a resource for it.
//
// Config: edgeId, routeId, idpMetadataPath; `name` (default "sso"); `aliases` (JSON list of old
// names); `inComponent` (true: parented by a component "group"); `adoptExisting`; `second` (the
// name of a second resource declared on the same route).
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";
import { HttpsEdgeRouteSaml } from "pulumi-ngrok-dynamic";

class Group extends pulumi.ComponentResource {
  constructor(name: string) {
    super("tests:index:Group", name, {});
  }
}

const config = new pulumi.Config();
const args = {
  edgeId: config.require("edgeId"),
  routeId: config.require("routeId"),
  idpMetadata: fs.readFileSync(config.require("idpMetadataPath"), "utf8"),
  adoptExisting: config.getBoolean("adoptExisting"),
};
const parent = config.getBoolean("inComponent") ? new Group("group") : undefined;
const aliases = config.getObject<string[]>("aliases")?.map((name) => ({ name }));

export const sso = new HttpsEdgeRouteSaml(config.get("name") ?? "sso", args, { parent, aliases });

const second = config.get("second");
if (second !== undefined) {
  new HttpsEdgeRouteSaml(second, args);
}
