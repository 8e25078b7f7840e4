/**
 * The Pulumi program of the benchmark's consumer directories. It is never imported: the
 * benchmark copies its compiled form into each consumer directory as `index.js`, next to the
 * package installed from `npm pack`, and runs it under Pulumi's mocks to get each resource's
 * inputs and `__provider`.
 *
 * Besides the package's two resources, it declares three dynamic providers of its own, which
 * Pulumi serializes the same way and the same host runs from the same directory:
 * - `trivial`: only `check` and `create`, loading nothing (the cold-start baseline);
 * - `bare`: the SSH CA lifecycle's requests with bare node-fetch, no validation and no retries,
 *   returning the same outputs as the real resource (the baseline of the host path); an input
 *   `pad` is echoed in the outputs, so that it crosses gRPC wherever `__provider` does;
 * - `caBefore`: the SSH CA through the thin provider of commit 7e37a46 (beforeProvider.ts), before
 *   `__provider` became one `require` (7d54b6f): its seven methods, serialized whole, each
 *   requiring the installed package's implementation (the "before" of the `__provider` size and
 *   of the host's CPU per lifecycle).
 *
 * Stack config: `edgeId`, `routeId`, `idpMetadataPath` (the SAML module's route and IdP), and
 * `requestResources`: the path of a JSON list of `{ type, name, args }`, each declared with the
 * package's class of that name (the resources of requestPlans.ts, their references placeholders
 * that the benchmark fills in when it has the objects they name).
 *
 * @module
 */
/* eslint-disable @typescript-eslint/no-require-imports -- the `bare` provider must load its
   modules inside its methods: whatever they captured would be serialized into __provider. */
import * as fs from "node:fs";
import type * as http from "node:http";
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok-dynamic";
import { HttpsEdgeRouteSaml, SshCertificateAuthority } from "pulumi-ngrok-dynamic";
import { beforeProvider } from "./beforeProvider";

const config = new pulumi.Config();

new SshCertificateAuthority("ca", { privateKeyType: "ed25519", description: "v1" });

new HttpsEdgeRouteSaml("sso", {
  edgeId: config.require("edgeId"),
  routeId: config.require("routeId"),
  idpMetadata: fs.readFileSync(config.require("idpMetadataPath"), "utf8"),
});

const trivialProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return { inputs: news };
  },
  async create(inputs) {
    return { id: "trivial", outs: inputs };
  },
};

/** A dynamic resource of the program's own provider (the class is abstract in the typings). */
class ProgramResource extends pulumi.dynamic.Resource {
  constructor(
    provider: pulumi.dynamic.ResourceProvider,
    name: string,
    props: Record<string, unknown>,
  ) {
    super(provider, name, props, undefined);
  }
}

new ProgramResource(trivialProvider, "trivial", {});

/** A class of the package, by its resource's name. */
type AnyClass = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;
const requestResources = config.get("requestResources");
if (requestResources !== undefined) {
  const declared = JSON.parse(fs.readFileSync(requestResources, "utf8")) as {
    type: string;
    name: string;
    args: Record<string, unknown>;
  }[];
  for (const { type, name, args } of declared) {
    const resourceClass = new Map(Object.entries(ngrok)).get(type) as AnyClass | undefined;
    if (resourceClass === undefined) throw new Error(`the package exports no class ${type}`);
    new resourceClass(name, args);
  }
}

/** The provider's own User-Agent, computed here and captured as a constant. */
const USER_AGENT = `pulumi-ngrok-dynamic/${
  (require("pulumi-ngrok-dynamic/package.json") as { version: string }).version
} node/${process.versions.node}`;

/** Filled in by `configure` in the host; one object shared by the serialized methods. */
const bare: { baseUrl?: string; apiKey?: string; agent?: http.Agent } = {};

interface CaBody {
  id: string;
  public_key: string;
  key_type: string;
  uri: string;
  created_at: string;
}

const bareProvider: pulumi.dynamic.ResourceProvider = {
  async configure(req) {
    bare.baseUrl = req.config.get("ngrok:apiBaseUrl");
    bare.apiKey = req.config.get("ngrok:apiKey");
    bare.agent = new (require("node:http") as typeof http).Agent({ keepAlive: true });
  },
  async check(_olds, news) {
    return { inputs: news };
  },
  async diff(_id, olds, news) {
    return { changes: olds.description !== news.description };
  },
  async create(inputs) {
    const fetch = require("node-fetch") as typeof import("node-fetch").default;
    const response = await fetch(`${bare.baseUrl}/ssh_certificate_authorities`, {
      method: "POST",
      agent: bare.agent,
      headers: {
        Authorization: `Bearer ${bare.apiKey}`,
        "Ngrok-Version": "2",
        "User-Agent": USER_AGENT,
        Accept: "application/json",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        private_key_type: inputs.privateKeyType,
        description: inputs.description,
      }),
      redirect: "manual",
    });
    const ca = JSON.parse(await response.text()) as CaBody;
    return {
      id: ca.id,
      outs: {
        privateKeyType: inputs.privateKeyType,
        description: inputs.description,
        publicKey: ca.public_key,
        keyType: ca.key_type,
        uri: ca.uri,
        createdAt: ca.created_at,
        // The benchmark's padding, kept in the outputs so that it travels like __provider.
        ...(inputs.pad === undefined ? {} : { pad: inputs.pad }),
      },
    };
  },
  async update(id, olds, news) {
    const fetch = require("node-fetch") as typeof import("node-fetch").default;
    const response = await fetch(`${bare.baseUrl}/ssh_certificate_authorities/${id}`, {
      method: "PATCH",
      agent: bare.agent,
      headers: {
        Authorization: `Bearer ${bare.apiKey}`,
        "Ngrok-Version": "2",
        "User-Agent": USER_AGENT,
        Accept: "application/json",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ description: news.description ?? "", metadata: news.metadata ?? "" }),
      redirect: "manual",
    });
    const ca = JSON.parse(await response.text()) as CaBody;
    return { outs: { ...olds, description: news.description, publicKey: ca.public_key } };
  },
  async delete(id) {
    const fetch = require("node-fetch") as typeof import("node-fetch").default;
    const response = await fetch(`${bare.baseUrl}/ssh_certificate_authorities/${id}`, {
      method: "DELETE",
      agent: bare.agent,
      headers: {
        Authorization: `Bearer ${bare.apiKey}`,
        "Ngrok-Version": "2",
        "User-Agent": USER_AGENT,
        Accept: "application/json",
      },
      redirect: "manual",
    });
    await response.text();
  },
};

new ProgramResource(bareProvider, "bare", { privateKeyType: "ed25519", description: "v1" });

new ProgramResource(beforeProvider, "caBefore", { privateKeyType: "ed25519", description: "v1" });
