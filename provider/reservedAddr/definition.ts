/**
 * `ReservedAddr`, defined once (see `../framework`): a TCP address (`1.tcp.ngrok.io:12345`) the
 * account keeps, for TCP endpoints. ngrok's Terraform resource `ngrok_tcp_address`; the name is
 * ngrok's API's (`/reserved_addrs`). This file is the whole resource, on the generic
 * implementation.
 *
 * Source: ngrok's OpenAPI description (`emulator/openapi/ngrok.yaml`: `ReservedAddrCreate`,
 * `ReservedAddrUpdate`, `ReservedAddr`; `POST`, `GET`, `PATCH`, `DELETE /reserved_addrs[/{id}]`;
 * `region` "Optional, default is us. (au, eu, ap, us, jp, in, sa)", `metadata` "max 4096 bytes")
 * and ngrok's error catalogue (a region it does not know, `ERR_NGROK_500`). `region` is not in
 * `ReservedAddrUpdate`, so a change of it replaces the address; `description` and `metadata` are
 * updated in place. `addr` (`hostname:port`) is ngrok's, assigned at the create.
 *
 * Where ngrok is silent, this definition decides (the docs page says so too): the description
 * states no limit for `description`, so none is judged at `check` (ngrok judges it); `metadata`
 * keeps its stated 4096 bytes.
 *
 * @module
 */
import { objectOutputs, TEXT_INPUTS, UNLIMITED_TEXT_INPUTS } from "../common/textProperties";
import { defineResource } from "../framework/define";
import { output, resource } from "../framework/example";
import { crudResource } from "../framework/implementation";
import type { InputsOf, OutputsOf } from "../framework/resource";

/** The reserved address. */
export const reservedAddrDefinition = defineResource({
  name: "ReservedAddr",
  description:
    "An ngrok reserved TCP address: a `hostname:port` (`1.tcp.ngrok.io:12345`) the account " +
    "keeps in one region, for TCP endpoints (`tcp://1.tcp.ngrok.io:12345`). ngrok's Terraform " +
    "resource `ngrok_tcp_address`.",
  id: "ngrok's id (`ra_…`)",
  terraform: "ngrok_tcp_address",
  api: {
    path: "/reserved_addrs",
    noun: "reserved address",
    idPrefix: "ra_",
    endpoints: "`POST`, `GET`, `PATCH`, `DELETE /reserved_addrs[/{id}]`",
    fieldErrors: { ERR_NGROK_500: "region" },
  },
  lookups: {
    one: {
      description:
        "Reads one reserved address by id, without managing it: one `GET /reserved_addrs/{id}`.",
    },
    list: {
      filters: ["addr", "region", "description", "metadata"],
      description:
        "Every reserved address of the account whose fields equal the filters that are set " +
        "(`addr`: the one reservation of `1.tcp.ngrok.io:12345`), without managing them: " +
        "`GET /reserved_addrs`, every page.",
    },
  },
  pendingCreates: {
    ngrokCliCommand: "reserved-addrs",
    shortNoun: "address",
    shortNounPlural: "addresses",
    identifyingInputs: ["region", "description"],
    writesOwnershipMarker: false,
  },
  example: {
    summary: "A TCP address in Europe for an SSH bastion; addr is the address to connect to.",
    resources: [resource("ReservedAddr", "ssh", { region: "eu", description: "SSH bastion" })],
    outputs: { addr: output("ssh", "addr") },
  },
  properties: {
    region: {
      role: "input",
      type: { kind: "enum", values: ["us", "eu", "ap", "au", "jp", "in", "sa"] },
      default: "us",
      onChange: "replace",
      wire: "region",
      description:
        "The ngrok region the address is reserved in: `us`, `eu`, `ap`, `au`, `jp`, `in` or " +
        "`sa`. Changing it replaces the address (a new `addr`).",
      outputDescription: "The region the address is reserved in.",
    },
    description: UNLIMITED_TEXT_INPUTS.description,
    metadata: TEXT_INPUTS.metadata,
    addr: {
      role: "output",
      type: { kind: "string" },
      wire: "addr",
      description:
        "The reserved address, `hostname:port` (e.g. `1.tcp.ngrok.io:12345`, " +
        "`1.tcp.eu.ngrok.io:23456`), assigned by ngrok at the create; a TCP endpoint's URL is " +
        "`tcp://<addr>`.",
    },
    ...objectOutputs(
      "The API URI of the reserved address, `https://api.ngrok.com/reserved_addrs/ra_…`.",
    ),
  },
});

/** The inputs of `ReservedAddr` as they are after `check`. */
export type ReservedAddrInputs = InputsOf<typeof reservedAddrDefinition>;
/** The outputs of `ReservedAddr` recorded in state. */
export type ReservedAddrOutputs = OutputsOf<typeof reservedAddrDefinition>;

/**
 * The reserved address: its definition with the generic implementation (`crudResource`: `POST`,
 * `GET`, `PATCH`, `DELETE /reserved_addrs[/{id}]`, a create sent once and found again by its
 * region and description after a failure that may have acted). Nothing is its own.
 */
export const reservedAddr = crudResource(reservedAddrDefinition);
