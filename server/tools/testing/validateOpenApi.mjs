// Validates the OpenAPI document read from stdin with @seriousme/openapi-schema-validator (an ES
// module Jest cannot load, so server/openapi.test.ts runs this file in its own node process).
import { Validator } from '@seriousme/openapi-schema-validator';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const validator = new Validator();
const result = await validator.validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? null }));
