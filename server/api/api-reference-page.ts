import { html, raw } from "hono/html";

/**
 * A self-contained reference page rendered from the OpenAPI document. Hosted viewers load
 * their scripts from a CDN, which the business's network (and this build machine) may not reach.
 */
interface Operation {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const METHODS = ["get", "post", "put", "patch", "delete"];

export function renderApiReference(document: object) {
  const doc = document as OpenApiDocument;
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method]! })),
  );
  const schemas = Object.entries(doc.components?.schemas ?? {});
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${doc.info.title} reference</title>
        <style>
          body {
            font:
              16px/1.5 system-ui,
              sans-serif;
            margin: 0 auto;
            max-width: 60rem;
            padding: 1rem;
            color: #0f172a;
          }
          section {
            border: 1px solid #cbd5e1;
            border-radius: 0.5rem;
            padding: 0 1rem 1rem;
            margin: 1rem 0;
          }
          .method {
            display: inline-block;
            min-width: 4.5rem;
            font-weight: 700;
            text-transform: uppercase;
          }
          .get {
            color: #166534;
          }
          .post {
            color: #1d4ed8;
          }
          .patch {
            color: #a16207;
          }
          .delete {
            color: #b91c1c;
          }
          pre {
            background: #f1f5f9;
            padding: 0.75rem;
            overflow: auto;
            font-size: 13px;
            border-radius: 0.375rem;
          }
          code {
            font-size: 14px;
          }
        </style>
      </head>
      <body>
        <header>
          <h1>${doc.info.title} <small>v${doc.info.version}</small></h1>
          <p>
            ${doc.info.description ?? ""} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Base path
            <code>/api</code>.
          </p>
        </header>
        <main>
          ${operations.map(
            ({ path, method, op }) =>
              html`<section id="${method}-${path}">
                <h2><span class="method ${method}">${method}</span> <code>/api${path}</code></h2>
                ${op.summary ? html`<p><strong>${op.summary}</strong></p>` : ""}
                ${op.description ? html`<p>${op.description}</p>` : ""}
                ${
                  op.parameters?.length
                    ? html`<h3>Parameters</h3>
                        <ul>
                          ${op.parameters.map(
                            (p) =>
                              html`<li>
                                <code>${p.name}</code> (${p.in}${p.required ? ", required" : ""}) ${p.description ?? ""}
                                <code>${JSON.stringify(p.schema)}</code>
                              </li>`,
                          )}
                        </ul>`
                    : ""
                }
                ${
                  op.requestBody
                    ? html`<h3>Body</h3>
                        ${schemaBlock(op.requestBody.content)}`
                    : ""
                }
                <h3>Responses</h3>
                <ul>
                  ${Object.entries(op.responses ?? {}).map(
                    ([status, r]) =>
                      html`<li><strong>${status}</strong> ${r.description ?? ""} ${schemaBlock(r.content)}</li>`,
                  )}
                </ul>
              </section>`,
          )}
          ${
            schemas.length
              ? html`<h2>Schemas</h2>
                  ${schemas.map(
                    ([name, schema]) =>
                      html`<h3 id="schema-${name}">${name}</h3>
                        <pre>${raw(escapeJson(schema))}</pre>`,
                  )}`
              : ""
          }
        </main>
      </body>
    </html>`;
}

function schemaBlock(content?: Record<string, { schema?: unknown }>) {
  const schema = content?.["application/json"]?.schema;
  return schema ? html`<pre>${raw(escapeJson(schema))}</pre>` : "";
}

function escapeJson(value: unknown) {
  return JSON.stringify(value, null, 2).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
