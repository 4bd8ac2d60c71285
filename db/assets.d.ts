declare module '*.sql' {
  const text: string
  export default text
}

declare module '*.wasm' {
  const path: string
  export default path
}

declare module '*.data' {
  const path: string
  export default path
}

declare module '*.tar.gz' {
  /** The file's path (in a compiled binary, a path inside its embedded file system). */
  const path: string
  export default path
}
