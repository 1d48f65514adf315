import type { SubmitFunction } from '@sveltejs/kit';

/**
 * A staff form's post under way, for `use:enhance={post.submit}`: `active` from the press until the
 * page has taken the answer, so the buttons wait (one press, one post) and can say what is going on.
 */
export class Sending {
	active = $state(false);
	/** Whether the form is emptied after a post; a refused record keeps what was typed. */
	readonly #reset: boolean;

	constructor({ reset = true }: { reset?: boolean } = {}) {
		this.#reset = reset;
	}

	submit: SubmitFunction = () => {
		this.active = true;
		return async ({ update }) => {
			await update({ reset: this.#reset });
			this.active = false;
		};
	};
}
