// A render thread that fails, for the tests of how a failure reaches the person: a whole document
// throws; a streamed one throws before its first page, or (a person named "Late") crashes the
// thread after its first page has gone out.
export default async function render(task) {
  if (task.port && task.input?.person?.name?.startsWith('Late')) {
    task.port.postMessage({ type: 'chunk', bytes: new TextEncoder().encode('%PDF-1.3\n') });
    task.port.postMessage({ type: 'drawn', seq: 0 });
    return new Promise(() => {
      task.port.on('message', () => {
        throw new Error('the render thread crashed');
      });
    });
  }
  throw new Error('drawing failed');
}
