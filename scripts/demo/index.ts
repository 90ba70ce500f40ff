// Placeholder: `npm run demo` fills an empty data directory with a believable community (issue 8).
console.error('npm run demo: not written yet');
process.exitCode = 1;
