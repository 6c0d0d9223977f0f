import { mount } from './mount';
import QuestionReact from './QuestionReact';

mount(QuestionReact);
