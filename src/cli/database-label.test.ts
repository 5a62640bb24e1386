import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { databaseLabel } from './database-label.js';

describe('databaseLabel', () => {
  it('names the SQLite file relative to the working directory', () => {
    assert.equal(
      databaseLabel({ databaseUrl: null, dataDir: path.resolve('data') }),
      'sqlite ./data/quire.db',
    );
    assert.equal(databaseLabel({ databaseUrl: null, dataDir: '/srv/q' }), 'sqlite /srv/q/quire.db');
  });

  it('never shows the PostgreSQL password', () => {
    const label = databaseLabel({
      databaseUrl: 'postgres://quire:s3cret@db.example.com:5432/quire?password=other&sslmode=require',
      dataDir: '/x',
    });
    assert.equal(label, 'postgresql postgres://quire@db.example.com:5432/quire?sslmode=require');
    assert.equal(label.includes('s3cret') || label.includes('other'), false);
  });
});
