/**
 * Bundled in place of modules of the `yaml` package (build/aliases.ts, `yamlStubs`) that only
 * methods the mock never calls reach: `createNode` (building a document from values:
 * `doc.createNode`, `doc.set`), `stringifyDocument` (`doc.toString`), `applyReviver`
 * (`doc.toJS({ reviver })`) and the syntax tree's `visit`. The OpenAPI sources' reader composes documents from
 * text and turns them into values without a reviver (mock/tables/libraries/yaml.ts). A class method
 * stays in a bundle whether or not it is called, so these left out take their weight off the
 * YAML chunk; a call says it is not bundled rather than misbehave.
 */
const unused = (): never => {
  throw new Error('Not bundled with the mock: yaml documents are only read here (mock/tables/libraries/yaml.ts)')
}

export const createNode = unused
export const stringifyDocument = unused
export const applyReviver = unused
/** The syntax tree's visitor (`CST.visit`), kept in bundles only by the properties its module sets on it. */
export const visit = unused
