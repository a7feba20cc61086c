import en from './en.ts';
export default en;
