// A TypeDoc plugin (typedoc.json's `plugin`): the type argument of each class output that
// `sdk/shapes`' `Outputs` derives. TypeScript names the output's type `Output` but gives TypeDoc
// no type argument when the field's type is a named or object type (`keyType: Output` instead of
// `keyType: Output<PrivateKeyType>`); the argument is that of the type's `OutputInstance` part,
// which the checker keeps. Public APIs only: TypeDoc's converter events and TypeScript's checker.
import { Converter, ReferenceType, ReflectionKind } from "typedoc";

/** The type argument of the first `OutputInstance<T>` in `type` (through unions, intersections). */
function outputArgument(checker, type) {
  if (type.aliasSymbol?.name === "OutputInstance") return type.aliasTypeArguments?.[0];
  if (type.symbol?.name === "OutputInstance") return checker.getTypeArguments(type)[0];
  for (const part of type.types ?? []) {
    const found = outputArgument(checker, part);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    const type = reflection.type;
    if (!reflection.kindOf(ReflectionKind.Property) || !(type instanceof ReferenceType)) return;
    if (type.name !== "Output" || type.package !== "@pulumi/pulumi") return;
    if ((type.typeArguments ?? []).length > 0) return;
    const symbol = context.getSymbolFromReflection(reflection);
    if (symbol === undefined) return;
    const argument = outputArgument(context.checker, context.checker.getTypeOfSymbol(symbol));
    // A warning fails `npm run docs` (treatWarningsAsErrors): no output is shown without its type.
    if (argument === undefined) context.logger.warn(`${reflection.getFullName()}: Output of what?`);
    else type.typeArguments = [context.converter.convertType(context, argument)];
  });
}
