namespace App
{
    public class Repo
    {
        public void Save(string item) { }
    }
}
