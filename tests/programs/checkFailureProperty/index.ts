// A dynamic resource whose check always fails, naming the property `idpMetadata` (or the one in
// config `failureProperty`, "" for none): what the real CLI prints for a failure that names a
// property whose value is a whole document, the measurement behind HttpsEdgeRouteSaml's choice
// (provider/httpsEdgeRouteSaml/rules.ts, idpMetadataFailureProperty).
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();

const refusing: pulumi.dynamic.ResourceProvider = {
  async check(_olds: Record<string, unknown>, news: Record<string, unknown>) {
    return {
      inputs: news,
      failures: [
        {
          property: String(news.failureProperty),
          reason: "idpMetadata is not the metadata of an identity provider (the test's failure)",
        },
      ],
    };
  },
  async create() {
    throw new Error("check always fails: create is never called");
  },
};

class Document extends pulumi.dynamic.Resource {
  constructor(name: string, props: Record<string, pulumi.Input<string>>) {
    super(refusing, name, props);
  }
}

export const document = new Document("document", {
  idpMetadata: fs.readFileSync(config.require("idpMetadataPath"), "utf8"),
  failureProperty: config.get("failureProperty") ?? "idpMetadata",
}).urn;
