// `npm run lockfile`, after any `npm install` that changes package-lock.json.
// The registry this project installs from serves only the platform packages of this machine's kind
// (linux-x64); npm 11 then leaves the other platforms' optional packages out of the lock file but
// keeps naming them, and `npm ci` refuses the lock as out of sync. This drops those names.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const present = new Set(Object.keys(lock.packages).map((k) => k.split('node_modules/').pop()));
let dropped = 0;
for (const entry of Object.values(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (!present.has(name)) {
      delete entry.optionalDependencies[name];
      dropped++;
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: dropped ${dropped} optional packages the registry does not serve`);
