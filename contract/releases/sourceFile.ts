/**
 * Which file of `openapi/` holds a change the diff found in the bundled contract: the diff reads the
 * bundle, where every `$ref` is resolved, so its JSON path (`$.paths['/order/pickup/request'].post
 * .requestBody….properties.dockNumber`) says nothing of the split source a writer edits. This walks
 * the same path through the source, following each `$ref` into its file, and returns the last file
 * it entered (`openapi/components/schemas/PickupRequest.yaml`).
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';

import {openApiSourcePath} from '../outputs';

type Segment = string | number;

/** The segments of a JSON path as `toJsonPath` (diff/index.ts) writes it. */
export function parseJsonPath(jsonPath: string): Segment[] {
  const segments: Segment[] = [];
  const pattern = /\.([A-Za-z_$][\w$]*)|\['((?:[^'\\]|\\.)*)'\]|\[(\d+)\]/g;
  for (const match of jsonPath.slice(1).matchAll(pattern)) {
    segments.push(match[1] ?? (match[2] !== undefined ? match[2].replace(/\\'/g, "'") : Number(match[3])));
  }
  return segments;
}

const parsedFiles = new Map<string, unknown>();

function readYaml(file: string): unknown {
  if (!parsedFiles.has(file)) parsedFiles.set(file, existsSync(file) ? parse(readFileSync(file, 'utf8')) : undefined);
  return parsedFiles.get(file);
}

/** The file (relative to the project) that holds the node at `jsonPath`, or the deepest one on the way. */
export function sourceFileOf(projectRoot: string, jsonPath: string): string {
  let file = path.join(projectRoot, openApiSourcePath);
  let node = readYaml(file);
  let fileOfNode = file;
  const follow = () => {
    // A `$ref` to another file (`./PickupWindow.yaml`, `../schemas/X.yaml#/y`): step into it.
    for (let hops = 0; hops < 20 && node && typeof node === 'object' && typeof (node as {$ref?: unknown}).$ref === 'string'; hops++) {
      const [target, pointer] = ((node as {$ref: string}).$ref).split('#');
      if (target) {
        file = path.resolve(path.dirname(fileOfNode), target);
        fileOfNode = file;
      }
      // A pointer is read from the top of its file, the one just entered or the same one.
      node = readYaml(fileOfNode);
      for (const key of (pointer ?? '').split('/').filter(Boolean)) {
        node = (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')];
      }
    }
  };
  for (const segment of parseJsonPath(jsonPath)) {
    follow();
    if (!node || typeof node !== 'object') break;
    const next = (node as Record<string | number, unknown>)[segment];
    if (next === undefined) break;
    node = next;
  }
  follow();
  return path.relative(projectRoot, fileOfNode);
}
