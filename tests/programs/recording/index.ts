// A program whose dynamic provider records every call the engine makes (method and arguments) as
// one JSON line in the file named by the env var RECORDING_FILE, read when the call runs. The
// same program runs through the real CLI and through devtools' Deployment, and the two
// recordings must be the same sequence.
//
// Config: `resources` (JSON list of { name, key, value, dependsOn? }): `key` changes replace,
// `value` changes update, `deleteBeforeReplace` on a resource asks for delete-before-replace.
import * as pulumi from "@pulumi/pulumi";

interface Declared {
  name: string;
  key: string;
  value: string;
  dependsOn?: string;
  deleteBeforeReplace?: boolean;
}

const record = (method: string, args: Record<string, unknown>): void => {
  const file = process.env.RECORDING_FILE;
  if (file) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require("fs").appendFileSync(file, JSON.stringify({ method, ...args }) + "\n");
  }
};
const strip = (props: Record<string, unknown> | undefined) => {
  if (props === undefined) return undefined;
  const { __provider: _provider, ...rest } = props;
  return rest;
};

const provider: pulumi.dynamic.ResourceProvider = {
  async check(olds, news) {
    record("check", { name: news.name, olds: strip(olds), news: strip(news) });
    return { inputs: news };
  },
  async diff(id, olds, news) {
    record("diff", { name: news.name, id, olds: strip(olds), news: strip(news) });
    const replaces = olds.key !== news.key ? ["key"] : [];
    return {
      changes: replaces.length > 0 || olds.value !== news.value,
      replaces,
      deleteBeforeReplace: news.deleteBeforeReplace === true,
    };
  },
  async create(inputs) {
    record("create", { name: inputs.name, inputs: strip(inputs) });
    return { id: `${inputs.name}-${inputs.key}`, outs: { ...inputs, created: true } };
  },
  async read(id, props) {
    record("read", { name: props?.name, id, props: strip(props) });
    return { id, props };
  },
  async update(id, olds, news) {
    record("update", { name: news.name, id, olds: strip(olds), news: strip(news) });
    return { outs: { ...news, created: true } };
  },
  async delete(id, props) {
    record("delete", { name: props.name, id, props: strip(props) });
  },
};

class Recorded extends pulumi.dynamic.Resource {}

const config = new pulumi.Config();
const declared = config.requireObject<Declared[]>("resources");
const made = new Map<string, pulumi.dynamic.Resource>();
for (const d of declared) {
  const dependsOn = d.dependsOn === undefined ? [] : [made.get(d.dependsOn)!];
  made.set(
    d.name,
    new Recorded(
      provider,
      d.name,
      { name: d.name, key: d.key, value: d.value, deleteBeforeReplace: d.deleteBeforeReplace },
      { dependsOn },
      "test",
      "Recorded",
    ),
  );
}
