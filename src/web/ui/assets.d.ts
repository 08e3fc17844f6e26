// Stylesheets and fonts of the lazily loaded viewers: webpack emits them as files (asset/resource),
// so importing one gives its URL. Narrow patterns, so other features can declare their own assets.
declare module 'ol/ol.css' {
  const url: string;
  export default url;
}
declare module 'lightgallery/css/*.css' {
  const url: string;
  export default url;
}
declare module 'lightgallery/fonts/*.woff2' {
  const url: string;
  export default url;
}
