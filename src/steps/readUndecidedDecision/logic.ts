/** The page moves on by itself once what it waits for is done: the shared task poll (src/features/task-poll). */
export { default } from '../../features/task-poll/task-poll-logic';
