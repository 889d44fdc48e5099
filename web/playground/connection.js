// The page's side of the language server: JSON-RPC message objects to
// and from the worker (web/worker/server-worker.js) with postMessage.

export class Connection {
  /**
   * @param {Worker} worker the bundled worker script's worker; its
   *   `started` (a promise) settles once it was told where its .wasm is,
   *   and nothing is posted before
   * @param {(method: string, params: any) => void} onNotification
   * @param {(message: string) => void} onCrash the worker trapped or failed;
   *   this connection is dead, and its owner starts a new one
   */
  constructor(worker, onNotification, onCrash) {
    this.onNotification = onNotification;
    this.onCrash = onCrash;
    this.nextId = 1;
    this.pending = new Map();
    this.dead = false;
    this.worker = worker;
    // Messages wait for the worker's first message (its .wasm), in order.
    this.started = worker.started || null;
    if (this.started) {
      this.started.then(() => {
        this.started = null;
      });
    }
    this.worker.addEventListener('message', (event) => this.receive(event.data));
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.die(event.message || 'the worker failed to start');
    });
  }

  request(method, params) {
    if (this.dead) {
      return Promise.reject(new Error('the server stopped'));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.post({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method, params) {
    if (!this.dead) {
      this.post({ jsonrpc: '2.0', method, params });
    }
  }

  post(message) {
    if (this.started) {
      this.started.then(() => this.dead || this.worker.postMessage(message));
    } else {
      this.worker.postMessage(message);
    }
  }

  receive(message) {
    if (this.dead || message === null || typeof message !== 'object') {
      return;
    }
    if ('id' in message && !('method' in message)) {
      const waiter = this.pending.get(message.id);
      if (waiter) {
        this.pending.delete(message.id);
        if (message.error) {
          waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
        } else {
          waiter.resolve(message.result);
        }
      }
      return;
    }
    if (message.method === 'boardls/crashed') {
      this.die((message.params && message.params.message) || 'the server stopped');
      return;
    }
    if ('id' in message) {
      // A request from the server: the page has no configuration to give
      // nor anything to register, so each answer is empty.
      const items = message.params && Array.isArray(message.params.items) ? message.params.items : null;
      this.post({ jsonrpc: '2.0', id: message.id, result: items ? items.map(() => null) : null });
      return;
    }
    this.onNotification(message.method, message.params);
  }

  die(reason) {
    if (this.dead) {
      return;
    }
    this.dead = true;
    this.worker.terminate();
    for (const waiter of this.pending.values()) {
      waiter.reject(new Error('the server stopped'));
    }
    this.pending.clear();
    this.onCrash(reason);
  }

  /** Stops the worker; what was asked and not answered fails. */
  close() {
    this.dead = true;
    this.worker.terminate();
    for (const waiter of this.pending.values()) {
      waiter.reject(new Error('the server was stopped'));
    }
    this.pending.clear();
  }
}
