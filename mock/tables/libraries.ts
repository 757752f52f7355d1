/**
 * The heavy libraries of the model, loaded on first need rather than with the mock: the markdown
 * parser (page analysis, documents, excerpts), the search index (MiniSearch), the JWT signer
 * (visitor tokens), lz-string (render requests) and the YAML parser (OpenAPI sources). A browser app then fetches them only when an
 * operation needs them, and a process that never searches never evaluates MiniSearch.
 *
 * Each platform owns one {@link Libraries}. The core awaits the libraries an operation
 * needs (declared in mock/handlers/libraries.ts) before it takes the state lock, so the model
 * stays synchronous and finds them loaded (docs/decisions/lazy-loading.md).
 */

/** What each library is: the module that imports the heavy package (the markdown engine's `mock/markdown/markdown.ts`), loaded as a whole. */
export interface LibraryModules {
  markdown: typeof import('../markdown/markdown.ts')
  search: typeof import('./libraries/search.ts')
  jwt: typeof import('./libraries/jwt.ts')
  lz: typeof import('./libraries/lz.ts')
  yaml: typeof import('./libraries/yaml.ts')
}

export type LibraryName = keyof LibraryModules

/** The markdown library: parse, plain text, documents, page analysis. */
export type MarkdownLibrary = LibraryModules['markdown']

// Literal `import()` calls, so bundlers (esbuild, Rolldown, Vite) see each one and split it off.
const loaders: { readonly [K in LibraryName]: () => Promise<LibraryModules[K]> } = {
  markdown: () => import('../markdown/markdown.ts'),
  search: () => import('./libraries/search.ts'),
  jwt: () => import('./libraries/jwt.ts'),
  lz: () => import('./libraries/lz.ts'),
  yaml: () => import('./libraries/yaml.ts'),
}

/** Thrown when the model reaches a library its operation did not declare: a bug of the mock. */
export class LibraryNotLoaded extends Error {
  constructor(name: LibraryName) {
    super(`The "${name}" library is used before it was loaded: declare it for the operation in mock/handlers/libraries.ts`)
  }
}

/**
 * A platform's lazily loaded libraries. `load` fetches what is missing (once: concurrent calls
 * share the load; a failed load is tried again by the next call); the getters hand a loaded
 * library to the synchronous model and throw {@link LibraryNotLoaded} otherwise.
 */
export class Libraries {
  readonly #loaded: Partial<LibraryModules> = {}
  readonly #loading = new Map<LibraryName, Promise<void>>()

  /** Whether every named library is loaded already. */
  loaded(names: Iterable<LibraryName>): boolean {
    for (const name of names) if (!this.#loaded[name]) return false
    return true
  }

  /** Resolves once every named library is loaded. */
  load(names: Iterable<LibraryName>): Promise<void> {
    const pending: Array<Promise<void>> = []
    for (const name of names) {
      if (this.#loaded[name]) continue
      let loading = this.#loading.get(name)
      if (!loading) {
        loading = loaders[name]().then(
          (module) => {
            ;(this.#loaded as Record<LibraryName, unknown>)[name] = module
          },
          (error: unknown) => {
            this.#loading.delete(name)
            throw error
          },
        )
        this.#loading.set(name, loading)
      }
      pending.push(loading)
    }
    return pending.length === 0 ? Promise.resolve() : Promise.all(pending).then(() => undefined)
  }

  get markdown(): LibraryModules['markdown'] {
    return this.#get('markdown')
  }

  get search(): LibraryModules['search'] {
    return this.#get('search')
  }

  get jwt(): LibraryModules['jwt'] {
    return this.#get('jwt')
  }

  get lz(): LibraryModules['lz'] {
    return this.#get('lz')
  }

  get yaml(): LibraryModules['yaml'] {
    return this.#get('yaml')
  }

  #get<K extends LibraryName>(name: K): LibraryModules[K] {
    const module = this.#loaded[name]
    if (!module) throw new LibraryNotLoaded(name)
    return module as LibraryModules[K]
  }
}
