import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keepOperatorNotes, notesWithSummary, operatorNotesOf } from './operator-notes.js';

describe('operator notes in a supplementary context', () => {
  it('tells the operator text from a drafted summary', () => {
    assert.equal(operatorNotesOf(''), '');
    assert.equal(operatorNotesOf('Met at the summit.'), 'Met at the summit.');
    assert.equal(operatorNotesOf('Audience: Ada.\nRecent activity: none recorded.'), '');
    assert.equal(operatorNotesOf('Met at the summit.\n\nAudience: Ada.\nPage: X.'), 'Met at the summit.');
    assert.equal(operatorNotesOf('Line one.\n\nLine two.'), 'Line one.\n\nLine two.');
  });

  it('puts the notes first and keeps whole summary lines within the bound', () => {
    assert.equal(notesWithSummary('', ['Audience: Ada.', 'Page: X.'], 100), 'Audience: Ada.\nPage: X.');
    assert.equal(
      notesWithSummary('Notes.', ['Audience: Ada.', 'Page: X.'], 100),
      'Notes.\n\nAudience: Ada.\nPage: X.',
    );
    assert.equal(notesWithSummary('Notes.', ['Audience: Ada.', 'Page: X.'], 25), 'Notes.\n\nAudience: Ada.');
    assert.equal(notesWithSummary('Notes.', ['Audience: Ada.'], 10), 'Notes.');
  });

  it("puts the notes back in front of a model's context that dropped them", () => {
    assert.equal(keepOperatorNotes('', 'Summary.', 100), 'Summary.');
    assert.equal(keepOperatorNotes('Notes.', 'Notes. And more.', 100), 'Notes. And more.');
    assert.equal(keepOperatorNotes('Notes.', 'Summary.', 100), 'Notes.\n\nSummary.');
    assert.equal(keepOperatorNotes('Notes.', 'Summary text.', 14), 'Notes.\n\nSummar');
    assert.equal(keepOperatorNotes('Notes.', 'Summary.', 6), 'Notes.');
  });
});
