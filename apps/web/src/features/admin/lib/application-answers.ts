/**
 * An application's answers as the admin reads them. The question catalogue declares how each
 * question reads (labels, order, essays first); this is the admin screens' one way in.
 */
export {
  adminAnswerSections as answerSections,
  formatAnswer,
  humanizeKey,
  NOT_PROVIDED,
  type AdminAnswerSections as AnswerSections,
  type AnswerItem,
} from '@lanyard/shared/questions';
