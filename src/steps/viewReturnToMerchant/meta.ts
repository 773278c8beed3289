export { default } from '../closing-meta';
