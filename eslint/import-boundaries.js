import path from "node:path";

/**
 * The house's import directions (docs/architecture.md), checked on every import by where
 * it resolves to rather than by how it is spelled:
 * - app/ never imports server/ (server/ is the process: start-up, HTTP, environment, seed);
 * - lib/ imports neither components/ nor features/, components/ imports no feature;
 * - nothing under features/, components/ or lib/ imports a route module or the root route;
 * - a feature reaches another feature only through its public `*.schema.ts`.
 */
const root = path.resolve(import.meta.dirname, "..");
const app = path.join(root, "app");

function resolveImport(fromFile, specifier) {
  if (specifier.startsWith("~/")) return path.join(app, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(fromFile), specifier);
  return null; // a package
}

function area(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === "server") return { top: "server" };
  if (rel[0] !== "app") return { top: "other" };
  if (rel[1] === "features") return { top: "app", layer: "features", feature: rel[2] };
  if (rel[1] === "routes" || rel[1] === "root" || rel[1] === "root.tsx") return { top: "app", layer: "routes" };
  return { top: "app", layer: rel[1] };
}

function violation(fromFile, target) {
  const from = area(fromFile);
  const to = area(target);
  if (from.top !== "app") return null;
  if (to.top === "server")
    return "app/ never imports server/: move the code under app/.server/ or hand it in through the load context.";
  if (["features", "components", "lib"].includes(from.layer) && to.layer === "routes")
    return "Only routes import route modules: take the data as a prop, or read it through a hook in app/lib/.";
  if (from.layer === "lib" && (to.layer === "features" || to.layer === "components"))
    return "app/lib/ holds helpers below every feature and component: it imports neither.";
  if (from.layer === "components" && to.layer === "features")
    return "app/components/ holds primitives and layout shared by features: it imports no feature (pass what it needs as props).";
  if (
    from.layer === "features" &&
    to.layer === "features" &&
    to.feature !== from.feature &&
    !/\.schema(\.tsx?)?$/.test(target)
  )
    return `A feature reaches another only through its public *.schema.ts (features/${from.feature} → features/${to.feature}).`;
  return null;
}

const rule = {
  meta: { type: "problem", docs: { description: "Keep imports pointing one way (docs/architecture.md)." }, schema: [] },
  create(context) {
    function check(node) {
      const specifier = node.source?.value;
      if (typeof specifier !== "string") return;
      const target = resolveImport(context.filename, specifier);
      if (!target) return;
      const message = violation(context.filename, target);
      if (message) context.report({ node: node.source, message });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { "import-boundaries": rule } };
