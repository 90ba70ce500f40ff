// What other features use of feeds; everything else in this folder is the feature's own.

// the feeds' and the oEmbed endpoint's paths, for the <link rel="alternate">s of shared pages
export { ATOM_TYPE, feedPaths, OEMBED_JSON_TYPE } from './feed-paths.ts';
