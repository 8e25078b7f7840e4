/**
 * What the framework grew for ngrok's nested objects (issue #50, event destinations and
 * subscriptions), each one declaration on an object type or its field and derived everywhere:
 * `exactlyOne` (ngrok's "exactly one of"), a `required` field, a field's string `format`, a
 * `secret` field (a credential inside an object: hidden by value in messages, a secret in state on
 * both paths, marked secret in the schema), an input list of objects (`objectList`), and `""` in
 * an answer's object read as absent. A definition is written here with all of them, so that the
 * framework is tested apart from the resources that use it.
 */
import { defineResource } from "../../../provider/framework/define";
import type { ObjectType } from "../../../provider/framework/property";
import {
  declaredSecretPaths,
  declaredSecretsIn,
  holdsSecret,
} from "../../../provider/framework/secretFields";
import { outputsFrom, requestBody } from "../../../provider/framework/wire";
import { redacted } from "../../../provider/framework/kinds";
import { NgrokApiError } from "../../../provider";
import { secretPropertyNames } from "../../../plugin/secrets";

const CHANNEL: ObjectType = {
  kind: "object",
  typeName: "Channel",
  typeDescription: "One way to send.",
  exactlyOne: true,
  fields: {
    mail: {
      wire: "mail",
      description: "By mail.",
      object: {
        kind: "object",
        typeName: "Mail",
        typeDescription: "A mailbox.",
        fields: {
          server: { wire: "server", required: true, format: "url", description: "The server." },
          password: { wire: "pass_word", secret: true, description: "Its password." },
          label: { wire: "label", description: "A label." },
        },
      },
    },
    pigeon: { wire: "pigeon", description: "By pigeon." },
  },
};

const definition = defineResource({
  name: "Notifier",
  description: "A test resource.",
  id: "an id (`nt_…`)",
  api: { path: "/notifiers", noun: "notifier", idPrefix: "nt_", endpoints: "none" },
  properties: {
    channel: {
      role: "input",
      type: CHANNEL,
      required: true,
      onChange: "update",
      wire: "channel",
      description: "Where to send.",
    },
    topics: {
      role: "input",
      type: {
        kind: "objectList",
        typeName: "Topic",
        typeDescription: "A topic.",
        fields: { name: { description: "Its name." } },
      },
      onChange: "update",
      wire: "topics",
      unordered: true,
      description: "What to send.",
    },
  },
});

const PASSWORD = "pass-word-of-the-test-0123";
const failuresOf = (news: Record<string, unknown>) =>
  (definition.check(news).failures ?? []).map((f) => [f.property, f.reason]);
const mail = (fields: Record<string, unknown>) => ({ channel: { mail: fields } });

describe("exactlyOne, required and format on an object's fields", () => {
  it("refuses none and two, naming the path and the fields", () => {
    expect(failuresOf({ channel: {} })).toEqual([
      ["channel", "channel must set exactly one of mail, pigeon; none is set"],
    ]);
    expect(failuresOf({ channel: { pigeon: "p", mail: { server: "https://m.example" } } })).toEqual(
      [["channel", "channel must set exactly one of mail, pigeon; mail and pigeon are set"]],
    );
    expect(failuresOf({ channel: { pigeon: "p" } })).toEqual([]);
  });

  it("refuses a required field left out and a value not of its format", () => {
    expect(failuresOf(mail({ label: "x" }))).toEqual([
      ["channel", "channel.mail.server is required: The server."],
    ]);
    expect(failuresOf(mail({ server: "m.example" }))).toEqual([
      [
        "channel",
        "channel.mail.server must be an absolute http:// or https:// URL: it is not an absolute " +
          'URL (scheme://host/…); got "m.example"',
      ],
    ]);
  });
});

describe("a secret field", () => {
  it("is never quoted, while its neighbours are, even in another rule's failure", () => {
    const failures = failuresOf(
      mail({ server: "m.example", password: PASSWORD, label: 7, pigeon: 1 }),
    );
    expect(JSON.stringify(failures)).not.toContain(PASSWORD);
    expect(failures).toContainEqual(["channel", "channel.mail.label must be a string; got 7"]);
    expect(failuresOf(mail({ server: "https://m.example", password: 42 }))).toEqual([
      ["channel", "channel.mail.password must be a string; got [secret]"],
    ]);
  });

  it("is a declared secret path; the property holds a secret; paths not in a value are left out", () => {
    expect(declaredSecretPaths(definition.properties)).toEqual([["channel", "mail", "password"]]);
    expect(holdsSecret(definition.properties.channel)).toBe(true);
    expect(holdsSecret(definition.properties.topics)).toBe(false);
    expect(declaredSecretsIn(definition.properties, { channel: { pigeon: "p" } })).toEqual([]);
    // The plugin answers the whole property secret, as the Node.js classes register it.
    expect([...secretPropertyNames(definition.properties)]).toEqual(["channel"]);
  });

  it("is cleared from ngrok's refusal, by value only", () => {
    const inputs = mail({ server: "https://m.example", password: PASSWORD });
    const msg = `channel.mail.pass_word ${PASSWORD} is refused at https://m.example`;
    const error = new NgrokApiError(
      400,
      { errorCode: "ERR_NGROK_215", msg },
      { method: "POST", path: "/notifiers" },
    );
    const rewrite = (e: NgrokApiError, text: string) =>
      new NgrokApiError(e.statusCode, { errorCode: e.errorCode, msg: text }, e.endpoint);
    const cleared = redacted(definition, error, inputs, rewrite);
    expect(cleared.msg).not.toContain(PASSWORD);
    expect(cleared.msg).toContain("https://m.example");
  });
});

describe("an input list of objects", () => {
  it("is judged item by item, naming the item", () => {
    expect(
      failuresOf({ channel: { pigeon: "p" }, topics: [{ name: "a" }, { name: "" }, 3] }),
    ).toEqual([
      ["topics", "topics[1].name is required, a non-empty string: Its name."],
      ["topics", "topics[2] must be an object (Topic); got 3"],
    ]);
  });

  it("goes to the wire as written, and its order is no change", () => {
    const inputs = { channel: { pigeon: "p" }, topics: [{ name: "a" }, { name: "b" }] };
    expect(requestBody(definition, inputs)).toEqual({
      channel: { pigeon: "p" },
      topics: inputs.topics,
    });
    expect(
      definition.diff(inputs, { ...inputs, topics: [{ name: "b" }, { name: "a" }] }).changes,
    ).toBe(false);
  });
});

describe("an answer's object", () => {
  it('reads its fields under their names, null and "" left out', () => {
    const answer = {
      id: "nt_1",
      channel: { mail: { server: "https://m.example", pass_word: "", label: null }, pigeon: null },
      topics: [{ name: "a", uri: "https://api.example/a" }],
    };
    expect(outputsFrom(definition, answer, {})).toMatchObject({
      channel: { mail: { server: "https://m.example" } },
    });
  });
});
