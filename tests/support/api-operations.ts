/** The operations of an OpenAPI document, and which of them answers a request (issue 39, decision 0171). */
import type { OpenAPIV3_1 } from "openapi-types";

/** `/api/milestones/{id}/todos` as a pattern of the paths it stands for. */
function pathPattern(template: string) {
  const parts = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[^/]+")}$`);
}

export function operationsOf(document: OpenAPIV3_1.Document) {
  return Object.entries(document.paths ?? {}).map(([template, item]) => ({
    template,
    pattern: pathPattern(template),
    item: item ?? {},
  }));
}

/**
 * The document's operation that answers `method path`, with its path template, if any: a request path is matched
 * against the templates (`/api/posts/{id}`), literal paths first: /api/milestones/bulk is not /api/milestones/{id}.
 */
export function operationFinder(document: OpenAPIV3_1.Document) {
  const operations = operationsOf(document);
  return (method: string, path: string) => {
    const verb = method.toLowerCase() as OpenAPIV3_1.HttpMethods;
    const match =
      operations.find((o) => o.template === path && o.item[verb]) ??
      operations.find((o) => o.pattern.test(path) && o.item[verb]);
    const operation = match?.item[verb];
    return match && operation?.responses ? { template: match.template, responses: operation.responses } : undefined;
  };
}
