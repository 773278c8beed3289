export { default } from '../../features/closing-page/closing-meta';
