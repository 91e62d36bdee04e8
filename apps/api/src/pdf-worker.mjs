// The entry of a render thread (piscina): loads TypeScript with tsx, as `npm start`, vitest and the
// browser tests' server all run the API from its sources, then hands tasks to pdf-worker.ts.
import { register } from 'tsx/esm/api';

register();
const { default: render } = await import('./pdf-worker.ts');

export default render;
