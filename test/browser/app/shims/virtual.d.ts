/** The repository files embedded in the browser bundle (test/browser/app/bundle.ts). */
declare module "virtual:bbb-files" {
  const files: Record<string, string>;
  export default files;
}
