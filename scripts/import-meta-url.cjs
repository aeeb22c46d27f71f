// Injected into the CommonJS bundle: what import.meta.url is in an ES module.
export const importMetaUrl = require('node:url').pathToFileURL(__filename).href;
