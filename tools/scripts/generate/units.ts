/**
 * What the SDK exposes for each definition: the names of its generated types and the words of
 * their documentation that are about the SDK's shape rather than about a field (the fields' words
 * are the definitions'). `SshCertificate` is a definition of what both certificates share, not a
 * resource.
 *
 * @module
 */
import { namesOf, upperFirst } from "../../../provider/framework/names";
import { withArticle } from "../../../provider/framework/reference";
import type { ResourceDefinition } from "../../../provider/framework/resource";
import { DATA_SOURCE_DEFINITIONS, DEFINITIONS, LOOKUPS } from "../../../provider/registry";
import { SSH_CERTIFICATE_COMMON } from "../../../provider/sshCertificateCommon/properties";
import { sshCertificateAuthority } from "../../../provider/sshCertificateAuthority";
import { sshHostCertificate } from "../../../provider/sshHostCertificate";
import { sshUserCertificate } from "../../../provider/sshUserCertificate";

const sshCertificateAuthorityDefinition = sshCertificateAuthority.definition;
const sshHostCertificateDefinition = sshHostCertificate.definition;
const sshUserCertificateDefinition = sshUserCertificate.definition;

/** Arguments in variants on an enum input (a union that pairs each value with its parameters). */
export interface ArgVariants {
  readonly discriminant: string;
  readonly common: { readonly name: string; readonly doc: string };
  readonly cases: readonly {
    readonly value: string;
    readonly name: string;
    readonly doc: string;
  }[];
  readonly computed: { readonly name: string; readonly doc: string };
  readonly keyArgs: { readonly name: string; readonly doc: string };
  readonly union: { readonly name: string; readonly doc: string };
}

/** One lookup argument type, in its two forms: plain values, and `pulumi.Input`s. */
export interface LookupArgsNames {
  readonly name: string;
  readonly doc: string;
  /** The `…OutputArgs` form, for the `…Output` function. */
  readonly outputName: string;
  readonly outputDoc: string;
}

/**
 * The argument types of a definition's lookups (see `LookupFacts`): `Get<Name>Args` of `get<Name>`
 * (its `by`) and `Get<Plural>Args` of `get<Plural>` (its filters), each with its `…OutputArgs`.
 */
export interface LookupArgs {
  /** The definition whose lookups take them (for the certificates, one of the two that share them). */
  readonly definition: ResourceDefinition;
  readonly one?: LookupArgsNames;
  readonly list?: LookupArgsNames;
  /** The objects the filters keep, in sentences: `Keep the <plural> whose …`. */
  readonly plural: string;
  /** The words of `id`, the argument of a lookup by id. */
  readonly idDoc: string;
}

/** The SDK's view of one definition. */
export interface SdkUnit {
  readonly definition: ResourceDefinition;
  /** The definition's file, for the generated files' banner. */
  readonly source: string;
  /** The SDK class's name (for `{@link}` in the docs of its types). */
  readonly className: string;
  /** Its arguments: one interface (extending `base`'s when set), or variants. */
  readonly args: { readonly name: string; readonly doc: string } | ArgVariants;
  /** The definition whose types this unit's extend: only what differs is declared again. */
  readonly base?: SdkUnit;
  /** What several resources share, not a resource (no class of its own is registered). */
  readonly fragment?: boolean;
  /**
   * A data source (`DATA_SOURCES` of the registry): its lookups, their argument and result types,
   * and its named types; no class, no `args`, no outputs interface.
   */
  readonly dataSource?: boolean;
  /** The lookup functions' result type, when the unit has one of its own. */
  readonly result?: { readonly name: string; readonly doc: string };
  /** The lookup functions' argument types, when the unit declares them (not its base's). */
  readonly lookupArgs?: LookupArgs;
}

/** How `definition`'s objects are called in the lookups' words: its `pendingCreates` nouns, or its noun. */
const wordsOf = (definition: ResourceDefinition) => ({
  short: definition.pendingCreates?.shortNoun ?? definition.api.noun,
  plural: definition.pendingCreates?.shortNounPlural ?? `${definition.api.noun}s`,
});

/**
 * The argument types of `definition`'s lookups under the rule's names (`Get<Name>Args`,
 * `Get<Plural>Args`, each with its `…OutputArgs`), or none when it declares no lookup.
 */
function ruleLookupArgs(definition: ResourceDefinition): LookupArgs | undefined {
  const facts = definition.lookups;
  if (facts === undefined) return undefined;
  const { short, plural } = wordsOf(definition);
  const { getOne: one, getList: list } = namesOf(definition);
  return {
    definition,
    plural,
    idDoc: `The ${short}'s id, \`${definition.api.idPrefix ?? ""}…\`.`,
    one:
      facts.one === undefined
        ? undefined
        : {
            name: `${upperFirst(one)}Args`,
            doc: `The arguments of {@link ${one}}.`,
            outputName: `${upperFirst(one)}OutputArgs`,
            outputDoc: `The arguments of {@link ${one}Output}: those of {@link ${one}}, as inputs.`,
          },
    list:
      facts.list === undefined
        ? undefined
        : {
            name: `${upperFirst(list)}Args`,
            doc:
              `The arguments of {@link ${list}}: each one that is set keeps only the ${plural} ` +
              `whose field equals it exactly (\`""\` matches an empty field); none set keeps ` +
              `every ${short}.`,
            outputName: `${upperFirst(list)}OutputArgs`,
            outputDoc: `The arguments of {@link ${list}Output}: those of {@link ${list}}, as inputs.`,
          },
  };
}

const ca: SdkUnit = {
  definition: sshCertificateAuthorityDefinition,
  source: "provider/sshCertificateAuthority/definition.ts",
  className: "SshCertificateAuthority",
  args: {
    discriminant: "privateKeyType",
    common: {
      name: "SshCertificateAuthorityCommonArgs",
      doc: "The arguments every {@link SshCertificateAuthority} takes, whatever its key type.",
    },
    cases: [
      {
        value: "ed25519",
        name: "Ed25519CertificateAuthorityArgs",
        doc: "An Ed25519 CA: no key parameter to choose.",
      },
      {
        value: "ecdsa",
        name: "EcdsaCertificateAuthorityArgs",
        doc: "An ECDSA CA, on the curve `ellipticCurve`.",
      },
      { value: "rsa", name: "RsaCertificateAuthorityArgs", doc: "An RSA CA, of `keySize` bits." },
    ],
    computed: {
      name: "ComputedKeyTypeCertificateAuthorityArgs",
      doc:
        "A CA whose key type is only known when the program runs (an `Output` or a `Promise`, " +
        "such as another resource's output): the compiler cannot tell which key parameters go " +
        "with it, so `pulumi preview` checks them (a key parameter that does not go with the key " +
        "type fails there, naming both). A key type in a plain variable of type " +
        "{@link PrivateKeyType} is checked by the compiler like a literal.",
    },
    keyArgs: {
      name: "SshCertificateAuthorityKeyArgs",
      doc:
        "The key parameters alone (`privateKeyType` with the parameter that goes with it), for a " +
        "table of CAs that share their other arguments: `{ ...key, description }` is then a valid " +
        "{@link SshCertificateAuthorityArgs}.",
    },
    union: {
      name: "SshCertificateAuthorityArgs",
      doc:
        "The arguments of {@link SshCertificateAuthority}: a union on `privateKeyType`, so that a " +
        'key parameter that does not go with a literal key type (`ellipticCurve` with `"rsa"`, ' +
        '`keySize` with `"ecdsa"`, either with `"ed25519"`) fails to compile. The same rules are ' +
        "checked again at `pulumi preview` for JavaScript programs and computed key types.",
    },
  },
  result: {
    name: "GetSshCertificateAuthorityResult",
    doc:
      "One SSH certificate authority as a lookup returns it: the outputs of an " +
      "`SshCertificateAuthority` resource, under the same names, with its id. The key " +
      "parameters are read from its public key.",
  },
  lookupArgs: ruleLookupArgs(sshCertificateAuthorityDefinition),
};

const certificate: SdkUnit = {
  definition: SSH_CERTIFICATE_COMMON,
  source: "provider/sshCertificateCommon/properties.ts",
  fragment: true,
  className: "SshCertificate",
  args: {
    name: "SshCertificateArgs",
    doc:
      "The arguments of both SSH certificates. Every one but `description` and `metadata` " +
      "replaces the certificate when it changes: ngrok signs a new one (created before the old " +
      "one is deleted). Everything is checked at `pulumi preview`, before any API call.",
  },
  result: {
    name: "GetSshCertificateResult",
    doc:
      "One SSH certificate (host or user) as a lookup returns it: the outputs of the resource, " +
      "under the same names, with its id.",
  },
  // Both certificates' lookups take the same arguments (`certificateLookups`): declared once.
  lookupArgs: {
    definition: sshHostCertificateDefinition,
    plural: "certificates",
    idDoc:
      "The certificate's id: " +
      [sshHostCertificateDefinition, sshUserCertificateDefinition]
        .map((d) => `\`${d.api.idPrefix ?? ""}…\` for a ${wordsOf(d).short}`)
        .join(", ") +
      ".",
    one: {
      name: "GetSshCertificateArgs",
      doc: "The arguments of `getSshHostCertificate` and `getSshUserCertificate`.",
      outputName: "GetSshCertificateOutputArgs",
      outputDoc:
        "The arguments of the `…Output` forms of {@link GetSshCertificateArgs}: the same, as inputs.",
    },
    list: {
      name: "GetSshCertificatesArgs",
      doc:
        "The arguments of `getSshHostCertificates` and `getSshUserCertificates`: each one that is " +
        'set keeps only the certificates that match it (`""` matches an empty description or ' +
        "metadata); none set keeps every certificate of the kind.",
      outputName: "GetSshCertificatesOutputArgs",
      outputDoc:
        "The arguments of the `…Output` forms of {@link GetSshCertificatesArgs}: the same, as " +
        "inputs.",
    },
  },
};

const host: SdkUnit = {
  definition: sshHostCertificateDefinition,
  source: "provider/sshHostCertificate/definition.ts",
  className: "SshHostCertificate",
  base: certificate,
  args: { name: "SshHostCertificateArgs", doc: "The arguments of {@link SshHostCertificate}." },
};

const user: SdkUnit = {
  definition: sshUserCertificateDefinition,
  source: "provider/sshUserCertificate/definition.ts",
  className: "SshUserCertificate",
  base: certificate,
  args: { name: "SshUserCertificateArgs", doc: "The arguments of {@link SshUserCertificate}." },
  result: {
    name: "GetSshUserCertificateResult",
    doc: "One SSH user certificate as a lookup returns it: a certificate's fields and its maps.",
  },
};

/**
 * The unit of a resource whose SDK types follow the rule (`<Name>Args`, `<Name>OutputProperties`,
 * `Get<Name>Result` when a lookup reads one object of it): every resource but those above.
 */
function plainUnit(definition: ResourceDefinition): SdkUnit {
  const { name } = definition;
  const noun = definition.api.noun;
  return {
    definition,
    source: `provider/${namesOf(definition).module}/definition.ts`,
    className: name,
    args: {
      name: `${name}Args`,
      doc: definition.argsDescription ?? `The arguments of {@link ${name}}.`,
    },
    result: LOOKUPS.some((l) => l.resource === definition && l.by !== undefined)
      ? {
          name: `Get${name}Result`,
          doc: DATA_SOURCE_DEFINITIONS.includes(definition)
            ? `One ${noun} as a lookup returns it: the fields ngrok answers, with its id.`
            : `One ${noun} as a lookup returns it: the outputs of ${withArticle(name).split(" ")[0]} ` +
              `\`${name}\` resource, under the same names, with its id.`,
        }
      : undefined,
    lookupArgs: ruleLookupArgs(definition),
  };
}

const irregular: readonly SdkUnit[] = [ca, certificate, host, user];

/** Every unit, in the order the generated file declares them. */
export const SDK_UNITS: readonly SdkUnit[] = [
  ...irregular,
  ...DEFINITIONS.filter((d) => !irregular.some((u) => u.definition === d)).map(plainUnit),
  ...DATA_SOURCE_DEFINITIONS.map((d) => ({ ...plainUnit(d), dataSource: true })),
];
