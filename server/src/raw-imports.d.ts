// `import text from './file.txt?raw'`: the file's text, bundled (Vite in tests, esbuild in the build).
declare module '*?raw' {
  const text: string;
  export default text;
}
