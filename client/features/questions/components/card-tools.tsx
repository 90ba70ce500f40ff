// What few people see of the question queue, in one lazily loaded module (out of the queue's
// first load): the host's card actions, answer composer, hide reason picker, keys and Clear list,
// the asker's edit, the Delete of the author or the host, the merge offer (the host, or an asker), and a merged
// question's note with its undo.
export { AnswerComposer, DeleteQuestionButton, HostQuestionActions } from './host-card-actions.tsx';
export { EditComposer } from './edit-composer.tsx';
export { HideReasonPicker } from './hide-reason-picker.tsx';
export { HostPanelTools } from './host-panel-tools.tsx';
export { MergeOffer } from './merge-offer.tsx';
export { MergedNote } from './merged-note.tsx';
